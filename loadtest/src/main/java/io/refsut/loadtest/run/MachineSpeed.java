package io.refsut.loadtest.run;

import io.refsut.loadtest.report.MachineFigures;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * How fast this machine is, right now, at the things the stack spends its CPU on: computing, entering the kernel, and
 * handing small messages from thread to thread through it (every HTTP exchange and MongoDB call does that several
 * times).
 * Measured in well under a second before a run or bench starts any process of its own (the executions of {@code
 * sut run --executions N} find their shared stack idle), so that runs can be told apart when the machine,
 * or the hour of a shared VM, differs: a virtual machine can run the same code several times slower without the
 * hypervisor's steal ({@code machineCpu}) showing any of it (docs/performance.md, "The same machine, three times
 * slower").
 *
 * @param cpuLoopNs            nanoseconds per iteration of a fixed arithmetic loop, the fastest of a few passes
 * @param loopbackRoundTripUs  p50 microseconds of one byte sent over a loopback TCP connection to a thread that
 *                             sends it back (two writes, two reads, two thread wake-ups): the lowest p50 of a few
 *                             bursts, each on a new connection and echo thread, since where the scheduler places
 *                             the two threads can double it
 * @param roundTrips           the round trips timed, over all bursts
 * @param systemCallNs         nanoseconds per one-byte write to the null device (one system call each, no other
 *                             thread involved), the fastest of a few passes; NaN where there is no {@code /dev/null}.
 *                             Kernel entry is what a virtual machine's mitigations (page-table isolation) make dear
 */
public record MachineSpeed(double cpuLoopNs, double loopbackRoundTripUs, int roundTrips, double systemCallNs) {

    static final int LOOP_ITERATIONS = 10_000_000;
    static final int LOOP_PASSES = 5;
    static final int BURSTS = 5;
    static final int WARM_ROUND_TRIPS = 100;
    static final int ROUND_TRIPS = 400;
    /** The round trips stop after this long, however many were done (at least one is). */
    static final long ROUND_TRIP_BUDGET_NANOS = 400_000_000L;
    static final int SOCKET_TIMEOUT_MILLIS = 5_000;
    static final int SYSTEM_CALLS = 20_000;
    static final int SYSTEM_CALL_PASSES = 3;
    static final File NULL_DEVICE = new File("/dev/null");

    private static volatile long sink;

    /** Measures the figures; an I/O failure of the loopback connection or the null device is thrown. */
    public static MachineSpeed measure() throws IOException {
        double loop = timeLoop();
        double systemCall = timeSystemCalls();
        double best = Double.MAX_VALUE;
        int trips = 0;
        for (int burst = 0; burst < BURSTS; burst++) {
            long[] burstTrips = loopbackRoundTrips();
            Arrays.sort(burstTrips);
            best = Math.min(best, burstTrips[(burstTrips.length - 1) / 2] / 1000.0);
            trips += burstTrips.length;
        }
        return new MachineSpeed(loop, best, trips, systemCall);
    }

    /**
     * Measures, prints {@link #line()} and returns {@link #describe()}; when the loopback connection or the null
     * device fails, prints and returns why instead (the run goes on without the figures).
     */
    public static Map<String, Object> measureAndReport(Consumer<String> console) {
        try {
            MachineSpeed speed = measure();
            console.accept(speed.line());
            return speed.describe();
        } catch (IOException e) {
            console.accept("machine speed: not measured (" + e + ")");
            return Map.of("error", e.toString());
        }
    }

    /** The figures for run.json and bench.json. */
    public Map<String, Object> describe() {
        Map<String, Object> speed = new LinkedHashMap<>();
        speed.put("cpuLoopNs", Math.round(cpuLoopNs * 1000) / 1000.0);
        speed.put("loopbackRoundTripUs", Math.round(loopbackRoundTripUs * 10) / 10.0);
        speed.put("roundTrips", roundTrips);
        if (Double.isFinite(systemCallNs)) {
            speed.put("systemCallNs", Math.round(systemCallNs));
        }
        speed.put("measured", "at the start, before any process of its own: a fixed arithmetic loop (ns per iteration, "
                + "the fastest of " + LOOP_PASSES + " passes), one-byte writes to /dev/null (ns per system call, the "
                + "fastest of " + SYSTEM_CALL_PASSES + " passes of " + SYSTEM_CALLS + ") and one-byte round trips over "
                + "loopback TCP to an echoing thread (the lowest p50 of " + BURSTS + " bursts, each on a new "
                + "connection and thread)");
        return speed;
    }

    /** One line for the console. */
    public String line() {
        return "machine speed: " + MachineFigures.text(String.format(Locale.ROOT, "%.1f", loopbackRoundTripUs),
                Double.isFinite(systemCallNs) ? Math.round(systemCallNs) : null,
                String.format(Locale.ROOT, "%.2f", cpuLoopNs))
                + " (run.json machine.speed; figures of machines that differ here are not comparable)";
    }

    private static double timeLoop() {
        double best = Double.MAX_VALUE;
        for (int pass = 0; pass < LOOP_PASSES; pass++) {
            long start = System.nanoTime();
            long x = pass;
            for (int i = 0; i < LOOP_ITERATIONS; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
                x ^= x >>> 29;
            }
            sink = x;
            best = Math.min(best, (System.nanoTime() - start) / (double) LOOP_ITERATIONS);
        }
        return best;
    }

    /** ns per one-byte write to the null device, the fastest of the passes; NaN without a null device. */
    private static double timeSystemCalls() throws IOException {
        if (!NULL_DEVICE.exists()) {
            return Double.NaN;
        }
        double best = Double.MAX_VALUE;
        try (FileOutputStream out = new FileOutputStream(NULL_DEVICE)) {
            for (int pass = 0; pass < SYSTEM_CALL_PASSES; pass++) {
                long start = System.nanoTime();
                for (int i = 0; i < SYSTEM_CALLS; i++) {
                    out.write(i);
                }
                best = Math.min(best, (System.nanoTime() - start) / (double) SYSTEM_CALLS);
            }
        }
        return best;
    }

    private static long[] loopbackRoundTrips() throws IOException {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket server = new ServerSocket(0, 1, loopback)) {
            server.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
            Thread echo = new Thread(() -> echo(server), "machine-speed-echo");
            echo.setDaemon(true);
            echo.start();
            long[] trips = new long[ROUND_TRIPS];
            int done = 0;
            try (Socket socket = new Socket()) {
                socket.setTcpNoDelay(true);
                socket.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
                socket.connect(new InetSocketAddress(loopback, server.getLocalPort()), SOCKET_TIMEOUT_MILLIS);
                InputStream in = socket.getInputStream();
                OutputStream out = socket.getOutputStream();
                long deadline = System.nanoTime() + ROUND_TRIP_BUDGET_NANOS;
                for (int i = 0; i < WARM_ROUND_TRIPS + ROUND_TRIPS && (done == 0 || System.nanoTime() < deadline);
                        i++) {
                    long start = System.nanoTime();
                    out.write(i & 0x7f);
                    if (in.read() != (i & 0x7f)) {
                        throw new IOException("the loopback echo answered something else");
                    }
                    if (i >= WARM_ROUND_TRIPS) {
                        trips[done++] = System.nanoTime() - start;
                    }
                }
            }
            try {
                echo.join(SOCKET_TIMEOUT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Arrays.copyOf(trips, done);
        }
    }

    private static void echo(ServerSocket server) {
        try (Socket socket = server.accept()) {
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            for (int b = in.read(); b >= 0; b = in.read()) {
                out.write(b);
            }
        } catch (IOException e) {
            // the measuring side sees the failure as its own read timing out or failing
        }
    }
}
