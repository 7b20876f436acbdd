package org.docex.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ThreadCpuTest {

    @Test
    void aThreadsKindIsItsNameWithoutTheNumberAtTheEnd() {
        assertEquals("GC Thread", ThreadCpu.kind("812 GC Thread#1"));
        assertEquals("C2 CompilerThre", ThreadCpu.kind("77 C2 CompilerThre"), "Linux keeps 15 characters of a name");
        assertEquals("pool-worker", ThreadCpu.kind("90 pool-worker-12"));
        assertEquals("42", ThreadCpu.kind("9 42"), "a name of digits only stays");
    }

    @Test
    void theCpuAThreadSpendsIsCountedUnderItsKind() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs Linux /proc");
        long pid = ProcessHandle.current().pid();
        // The burner spins until it has had 0.3 s of CPU, however busy the machine is, then waits (alive, so that
        // /proc still lists it) until it has been measured.
        CountDownLatch burned300ms = new CountDownLatch(1);
        CountDownLatch measured = new CountDownLatch(1);
        Thread burner = new Thread(() -> {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long start = threads.getCurrentThreadCpuTime();
            while (threads.getCurrentThreadCpuTime() - start < 300_000_000L) {
                Thread.onSpinWait();
            }
            burned300ms.countDown();
            try {
                measured.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "cpu-test-burner-7");
        ThreadCpu before = ThreadCpu.of(pid);
        burner.start();
        assertTrue(burned300ms.await(60, TimeUnit.SECONDS), "the burner had 0.3 s of CPU within a minute");
        ThreadCpu after = ThreadCpu.of(pid);
        measured.countDown();
        burner.join();

        List<Map.Entry<String, Double>> kinds = after.since(before, 100);
        double burned = kinds.stream().filter(kind -> kind.getKey().equals("cpu-test-burner"))
                .mapToDouble(Map.Entry::getValue).sum();
        assertTrue(burned >= 0.25 && burned < 1, "0.3 s of spinning is counted: " + kinds);
        assertEquals(burned, after.secondsSince(before, "cpu-test-burner"::equals), 1e-9);
        assertEquals(0, after.secondsSince(before, "no such kind"::equals));

        Map<String, Double> twoPasses = new TreeMap<>();
        after.addSince(before, twoPasses);
        after.addSince(before, twoPasses);
        assertEquals(2 * burned, twoPasses.get("cpu-test-burner"), 1e-9, "passes measured apart add up");
        assertEquals(kinds.get(0).getKey(), ThreadCpu.largest(twoPasses, 1).get(0).getKey(), "the largest kind comes first");
    }
}
