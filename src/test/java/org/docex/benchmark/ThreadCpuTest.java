package org.docex.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
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
        AtomicBoolean stop = new AtomicBoolean();
        Thread burner = new Thread(() -> {
            while (!stop.get()) {
                Thread.onSpinWait();
            }
        }, "cpu-test-burner-7");
        ThreadCpu before = ThreadCpu.of(pid);
        burner.start();
        Thread.sleep(500);
        ThreadCpu after = ThreadCpu.of(pid);
        stop.set(true);
        burner.join();

        List<Map.Entry<String, Double>> kinds = after.since(before, 100);
        double burned = kinds.stream().filter(kind -> kind.getKey().equals("cpu-test-burner"))
                .mapToDouble(Map.Entry::getValue).sum();
        assertTrue(burned >= 0.1, "half a second of spinning is counted: " + kinds);
        assertEquals(burned, after.secondsSince(before, "cpu-test-burner"::equals), 1e-9);
        assertEquals(0, after.secondsSince(before, "no such kind"::equals));

        Map<String, Double> twoPasses = new TreeMap<>();
        after.addSince(before, twoPasses);
        after.addSince(before, twoPasses);
        assertEquals(2 * burned, twoPasses.get("cpu-test-burner"), 1e-9, "passes measured apart add up");
        assertEquals(kinds.get(0).getKey(), ThreadCpu.largest(twoPasses, 1).get(0).getKey(), "the largest kind comes first");
    }
}
