package io.refsut.loadtest.stack;

import io.refsut.loadtest.bench.ProcessStats;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Samples the resident memory ({@code VmRSS}) of a run's processes — this JVM (injector, and the embedded store when
 * it runs in it) and every service — once a second, and keeps the peak of their sum and each one's peak.
 */
public final class MemorySampler implements AutoCloseable {

    private static final long INTERVAL_MILLIS = 1000;

    private final Supplier<Map<String, Long>> pids;
    private final Map<String, Long> peakByProcess = new ConcurrentHashMap<>();
    private final Thread thread;
    private volatile boolean stopped;
    private volatile long peakTotal;
    private volatile long samples;

    /** {@code pids}: the processes to sample, by name, asked again at every sample (services come and go). */
    public MemorySampler(Supplier<Map<String, Long>> pids) {
        this.pids = pids;
        this.thread = new Thread(this::loop, "sut-memory-sampler");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private void loop() {
        while (!stopped) {
            sample();
            try {
                Thread.sleep(INTERVAL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private synchronized void sample() {
        long total = 0;
        boolean any = false;
        for (Map.Entry<String, Long> entry : pids.get().entrySet()) {
            long resident = ProcessStats.residentBytes(entry.getValue());
            if (resident > 0) {
                any = true;
                total += resident;
                peakByProcess.merge(entry.getKey(), resident, Math::max);
            }
        }
        if (any) {
            samples++;
            peakTotal = Math.max(peakTotal, total);
        }
    }

    /** Peak of the summed resident memory over the samples, in bytes (0 when none could be read). */
    public long peakTotalBytes() {
        return peakTotal;
    }

    /** What run.json records: peak total, each process's peak, sample count and interval. */
    public Map<String, Object> describe() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("peakTotalBytes", peakTotal);
        map.put("peakTotalMiB", Math.round(peakTotal / 1048576.0));
        Map<String, Object> byProcess = new LinkedHashMap<>();
        peakByProcess.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(entry -> byProcess.put(entry.getKey(), entry.getValue()));
        map.put("peakBytesByProcess", byProcess);
        map.put("samples", samples);
        map.put("intervalMs", INTERVAL_MILLIS);
        map.put("source", "VmRSS of /proc/<pid>/status, summed over the processes alive at each sample");
        return map;
    }

    /** Takes a last sample and stops sampling. */
    @Override
    public void close() {
        if (!stopped) {
            sample();
            stopped = true;
            thread.interrupt();
        }
    }
}
