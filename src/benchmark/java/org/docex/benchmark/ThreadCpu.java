package org.docex.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The CPU time of a process's threads by kind (Linux {@code /proc/<pid>/task}): a thread's name
 * without its trailing number, so that the JIT's compiler threads, the collector's and the
 * server's pools each add up to one line. Empty where {@code /proc} is not there.
 */
final class ThreadCpu {

    /** Linux's USER_HZ, the unit of utime and stime in /proc/<pid>/task/<tid>/stat and of /proc/stat, on every common build. */
    static final double TICKS_PER_SECOND = 100.0;

    private final Map<String, Long> ticksByThread;

    private ThreadCpu(Map<String, Long> ticksByThread) {
        this.ticksByThread = ticksByThread;
    }

    static ThreadCpu of(long pid) {
        Map<String, Long> ticks = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            tasks.forEach(task -> read(task, ticks));
        } catch (IOException | RuntimeException e) {
            return new ThreadCpu(Map.of());
        }
        return new ThreadCpu(ticks);
    }

    /** CPU seconds by thread kind spent since {@code before}, largest first, at most {@code limit}. */
    List<Map.Entry<String, Double>> since(ThreadCpu before, int limit) {
        return largest(byKindSince(before), limit);
    }

    /** Adds the CPU seconds by thread kind spent since {@code before} to {@code total}. */
    void addSince(ThreadCpu before, Map<String, Double> total) {
        byKindSince(before).forEach((kind, seconds) -> total.merge(kind, seconds, Double::sum));
    }

    /** The kinds of {@code byKind}, largest first, at most {@code limit}. */
    static List<Map.Entry<String, Double>> largest(Map<String, Double> byKind, int limit) {
        return byKind.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .limit(limit)
                .toList();
    }

    /** CPU seconds spent since {@code before} by the threads of the kinds {@code counted} accepts. */
    double secondsSince(ThreadCpu before, Predicate<String> counted) {
        return byKindSince(before).entrySet().stream()
                .filter(kind -> counted.test(kind.getKey()))
                .mapToDouble(Map.Entry::getValue)
                .sum();
    }

    private Map<String, Double> byKindSince(ThreadCpu before) {
        Map<String, Double> byKind = new TreeMap<>();
        ticksByThread.forEach((thread, ticks) -> {
            long spent = ticks - before.ticksByThread.getOrDefault(thread, 0L);
            if (spent > 0) {
                byKind.merge(kind(thread), spent / TICKS_PER_SECOND, Double::sum);
            }
        });
        return byKind;
    }

    /** The key is "tid name"; the kind is the name without digits and separators at its end. */
    static String kind(String thread) {
        String name = thread.substring(thread.indexOf(' ') + 1);
        String kind = name.replaceAll("[\\d\\s#_-]+$", "");
        return kind.isEmpty() ? name : kind;
    }

    private static void read(Path task, Map<String, Long> ticks) {
        try {
            String stat = Files.readString(task.resolve("stat"));
            int open = stat.indexOf('(');
            int close = stat.lastIndexOf(')');
            String[] fields = stat.substring(close + 2).split(" ");
            long spent = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            ticks.put(task.getFileName() + " " + stat.substring(open + 1, close), spent);
        } catch (IOException | RuntimeException threadEnded) {
            // A thread that ended between the listing and the read has nothing more to add.
        }
    }
}
