package io.refsut.loadtest.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The whole machine's CPU time so far, from the first line of {@code /proc/stat} (all cores): busy (user, nice,
 * system, irq, softirq), stolen (steal: time the hypervisor gave this VM's runnable vCPUs to someone else) and
 * everything. On a shared cloud VM steal is the sign that figures are not comparable with a quiet machine's: every
 * process then gets less CPU than it wanted, and pays more of it per operation.
 */
public record MachineCpu(long busyMicros, long stealMicros, long totalMicros) {

    /** Clock ticks per second of {@code /proc} CPU times (USER_HZ; 100 on every Linux this runs on). */
    public static final long TICKS_PER_SECOND = 100;

    /** Now; null where {@code /proc/stat} cannot be read (not Linux). */
    public static MachineCpu now() {
        try {
            return parse(Files.readAllLines(Path.of("/proc/stat")).get(0));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Parses the {@code cpu} line: {@code cpu user nice system idle iowait irq softirq steal [guest guest_nice]}. */
    static MachineCpu parse(String cpuLine) {
        String[] fields = cpuLine.trim().split("\\s+");
        if (!"cpu".equals(fields[0]) || fields.length < 9) {
            throw new IllegalArgumentException("not the cpu line of /proc/stat: " + cpuLine);
        }
        long[] ticks = new long[8];
        for (int i = 0; i < 8; i++) {
            ticks[i] = Long.parseLong(fields[i + 1]);
        }
        long busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6]; // guest time is inside user already
        long steal = ticks[7];
        long total = busy + ticks[3] + ticks[4] + steal;
        return new MachineCpu(micros(busy), micros(steal), micros(total));
    }

    private static long micros(long ticks) {
        return ticks * 1_000_000 / TICKS_PER_SECOND;
    }

    /** Cores busy on average between {@code before} and this sample over {@code wallSeconds}. */
    public double busyCoresSince(MachineCpu before, double wallSeconds) {
        return (busyMicros - before.busyMicros) / 1e6 / wallSeconds;
    }

    /** Cores stolen by the hypervisor on average between {@code before} and this sample. */
    public double stealCoresSince(MachineCpu before, double wallSeconds) {
        return (stealMicros - before.stealMicros) / 1e6 / wallSeconds;
    }

    /**
     * The stolen share of the CPU time this machine's processes wanted between {@code before} and this sample:
     * steal / (busy + steal), 0 when nothing ran.
     */
    public double stealShareSince(MachineCpu before) {
        long busy = busyMicros - before.busyMicros;
        long steal = stealMicros - before.stealMicros;
        return busy + steal <= 0 ? 0 : steal / (double) (busy + steal);
    }

    /** {@link #stealShareSince} in percent, to 0.1 %, as the reports give it. */
    public double stealPctSince(MachineCpu before) {
        return Math.round(stealShareSince(before) * 1000) / 10.0;
    }

    /** {@code seconds}, {@code busyCores}, {@code stealCores} and {@code stealPct} between the two samples. */
    public Map<String, Object> describeSince(MachineCpu before, double wallSeconds) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("seconds", Math.round(wallSeconds * 10) / 10.0);
        map.put("busyCores", Math.round(busyCoresSince(before, wallSeconds) * 1000) / 1000.0);
        map.put("stealCores", Math.round(stealCoresSince(before, wallSeconds) * 1000) / 1000.0);
        map.put("stealPct", stealPctSince(before));
        return map;
    }
}
