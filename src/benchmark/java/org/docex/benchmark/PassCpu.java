package org.docex.benchmark;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.docex.testing.ServerProcess;

/**
 * The CPU that passes measured apart (with other work between them) used: the server's, by thread
 * kind, the benchmark's own JVM's and the machine's idle share, summed over the passes only.
 */
final class PassCpu {

    private final ServerProcess server;
    private final Map<String, Double> serverByKind = new TreeMap<>();
    private final Map<String, Double> clientByKind = new TreeMap<>();
    private double serverSeconds;
    private double clientSeconds;
    private long machineTicks;
    private long idleTicks;

    PassCpu(ServerProcess server) {
        this.server = server;
    }

    /** Runs {@code pass} and adds what it cost. */
    <T> T measure(Callable<T> pass) throws Exception {
        double serverBefore = server.cpuSeconds();
        double clientBefore = Benchmark.clientCpuSeconds();
        long[] machineBefore = Benchmark.machineCpuTicks();
        ThreadCpu threadsBefore = ThreadCpu.of(server.pid());
        ThreadCpu clientThreadsBefore = ThreadCpu.of(ProcessHandle.current().pid());
        T outcome = pass.call();
        ThreadCpu.of(ProcessHandle.current().pid()).addSince(clientThreadsBefore, clientByKind);
        serverSeconds += server.cpuSeconds() - serverBefore;
        clientSeconds += Benchmark.clientCpuSeconds() - clientBefore;
        long[] machineAfter = Benchmark.machineCpuTicks();
        machineTicks += machineAfter[0] - machineBefore[0];
        idleTicks += machineAfter[1] - machineBefore[1];
        ThreadCpu.of(server.pid()).addSince(threadsBefore, serverByKind);
        return outcome;
    }

    double serverSeconds() {
        return serverSeconds;
    }

    double clientSeconds() {
        return clientSeconds;
    }

    double idleShare() {
        return idleTicks / (double) Math.max(1, machineTicks);
    }

    /**
     * The benchmark JVM's thread kinds, largest first, at most {@code limit}: its clients, and its
     * compilers and collector, which share the service's cores during the passes too.
     */
    List<Map.Entry<String, Double>> largestClientKinds(int limit) {
        return ThreadCpu.largest(clientByKind, limit);
    }

    /** The server's thread kinds, largest first, at most {@code limit}. */
    List<Map.Entry<String, Double>> largestKinds(int limit) {
        return ThreadCpu.largest(serverByKind, limit);
    }
}
