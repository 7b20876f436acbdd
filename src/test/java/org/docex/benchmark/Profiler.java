package org.docex.benchmark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;
import org.docex.testing.ServerProcess;

/**
 * async-profiler over the measured passes only ({@code -Dbenchmark.profiler=/path/to/libasyncProfiler.so}).
 * The library is loaded when the server starts ({@link #library()}), idle until the first pass:
 * loading an agent into the running server makes its JIT compile the hot code again, inside the
 * measured passes. Between passes the profiler is stopped and resumed, so the output (collapsed
 * stacks with the thread as the first frame, written after each pass) holds the passes only.
 */
final class Profiler {

    private final Path jcmd;
    private final long pid;
    private final Path library;
    private final Path output;
    private boolean started;

    private Profiler(Path jcmd, long pid, Path library, Path output) {
        this.jcmd = jcmd;
        this.pid = pid;
        this.library = library;
        this.output = output;
    }

    static Optional<Path> library() {
        String given = System.getProperty("benchmark.profiler", "").trim();
        return given.isEmpty() ? Optional.empty() : Optional.of(Path.of(given).toAbsolutePath());
    }

    /** The server's own JDK's {@code jcmd}: another JDK's may not attach to it. */
    static Optional<Profiler> configured(ServerProcess server, Path output) {
        return library().map(library -> {
            Path java = Path.of(ProcessHandle.of(server.pid()).flatMap(process -> process.info().command())
                    .orElseThrow(() -> new IllegalStateException("The server's command line is not readable")));
            return new Profiler(java.resolveSibling("jcmd"), server.pid(), library, output.toAbsolutePath());
        });
    }

    void resume() {
        command(started ? "resume" : "start,event=" + System.getProperty("benchmark.profilerEvent", "cpu") + ",interval=1ms,threads");
        started = true;
    }

    void pause() {
        command("stop,file=" + output + ",collapsed");
    }

    private void command(String arguments) {
        try {
            // The quotes keep jcmd from reading "event=cpu" as an argument of its own.
            Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "JVMTI.agent_load",
                    library.toString(), "\"" + arguments + "\"")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (process.waitFor() != 0) {
                throw new IllegalStateException("jcmd " + arguments + " failed with exit code " + process.exitValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
