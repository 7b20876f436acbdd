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
 * {@code -Dbenchmark.profilerEvent=wall} samples by wall clock instead of CPU time.
 */
final class Profiler {

    private final ServerProcess server;
    private final Path library;
    private final Path output;
    private boolean started;

    private Profiler(ServerProcess server, Path library, Path output) {
        this.server = server;
        this.library = library;
        this.output = output;
    }

    static Optional<Path> library() {
        String given = System.getProperty("benchmark.profiler", "").trim();
        return given.isEmpty() ? Optional.empty() : Optional.of(Path.of(given).toAbsolutePath());
    }

    static Optional<Profiler> configured(ServerProcess server, Path output) {
        return library().map(library -> new Profiler(server, library, output.toAbsolutePath()));
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
            String said = server.jcmd("JVMTI.agent_load", library.toString(), "\"" + arguments + "\"");
            // jcmd exits 0 whatever the agent answers (a bad argument, an unwritable file, a library not
            // loaded): only the agent's own return code, which jcmd prints, says that it did the command.
            if (!said.contains("return code: 0")) {
                throw new IllegalStateException("async-profiler did not " + arguments + ": " + said);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
