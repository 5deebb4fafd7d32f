package io.refsut.loadtest.bench;

import io.refsut.loadtest.run.MachineCpu;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The operating system's per-process accounting on Linux: CPU time ({@code utime + stime} of
 * {@code /proc/<pid>/stat}, all threads) and resident memory ({@code VmRSS}, {@code VmHWM} of
 * {@code /proc/<pid>/status}); the whole machine's is {@link MachineCpu}. Elsewhere every figure is absent (-1).
 */
public final class ProcessStats {

    private ProcessStats() {
    }

    /** CPU time the process has used so far (user + system, all threads), in µs; -1 when unknown. */
    public static long cpuMicros(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // the command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime (fields 14, 15)
            return ticks * 1_000_000 / MachineCpu.TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Resident memory now ({@code VmRSS}) in bytes; -1 when unknown (process gone, not Linux). */
    public static long residentBytes(long pid) {
        long kilobytes = statusKilobytes(pid, "VmRSS:");
        return kilobytes < 0 ? -1 : kilobytes * 1024;
    }

    /** Peak resident memory so far ({@code VmHWM}) in bytes; -1 when unknown. */
    public static long peakResidentBytes(long pid) {
        long kilobytes = statusKilobytes(pid, "VmHWM:");
        return kilobytes < 0 ? -1 : kilobytes * 1024;
    }

    private static long statusKilobytes(long pid, String key) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // unknown
        }
        return -1;
    }

    /** CPU µs of each named process now. */
    public static Map<String, Long> cpuMicros(Map<String, Long> pids) {
        Map<String, Long> sample = new LinkedHashMap<>();
        pids.forEach((name, pid) -> sample.put(name, cpuMicros(pid)));
        return sample;
    }

    /** The 1-minute load average, or -1. */
    public static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
