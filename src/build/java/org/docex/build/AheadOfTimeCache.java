package org.docex.build;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * The build's training run (package phase): on JDK 25 or newer, starts the built service as the
 * README's run command does, with {@code -XX:AOTCacheOutput}, has it extract a set of generated
 * reports and answer the reads a client makes, stops it, and leaves the JVM's ahead-of-time cache
 * in {@code target/docex.aot} (JEP 483, 514 and 515: the classes loaded and linked, and the methods'
 * profiles, so the JIT compiles the hot code at once instead of after thousands of documents).
 * Then it writes the argument file {@code target/aot.options} the run command reads after
 * {@code payara-config/jvm.options}: {@code -XX:AOTCache=target/docex.aot}. On older JDKs, or with
 * {@code -Ddocex.aot=false}, that file holds only a comment and the service starts without a cache.
 *
 * <p>A JDK before 25 refuses the option; a JDK 25 whose cache file is missing prints
 * {@code [error][aot]} lines and starts without it; {@code -Xlog:aot} shows whether it was used.
 * Runs on the application's own class path (the JDK and PDFBox, which writes the reports) and JSON-P,
 * never the tests'.
 */
public final class AheadOfTimeCache {

    private static final Path TARGET = Path.of("target");
    private static final Path CACHE = TARGET.resolve("docex.aot");
    private static final Path OPTIONS = TARGET.resolve("aot.options");
    private static final String CACHE_OPTION = "-XX:AOTCache=";
    private static final int FIRST_JDK = 25;
    /** Reports extracted while recording (numbered from 100,000, of 1 to 12 pages: not the benchmark's)... */
    private static final int TRAINING_DOCUMENTS = 240;
    /** ...six times over: after two, C2 still took twice the CPU per page in the benchmark's measured passes. */
    private static final int TRAINING_PASSES = 6;
    private static final int CLIENTS = Runtime.getRuntime().availableProcessors();
    private static final String ADMIN_EMAIL = "admin@docex.test";
    private static final String ADMIN_PASSWORD = "bootstrap admin secret 42";
    /** Writing the cache at exit runs a second JVM that links and stores some 100 MB. */
    private static final Duration WRITE_TIMEOUT = Duration.ofMinutes(5);

    private AheadOfTimeCache() {
    }

    public static void main(String[] args) throws Exception {
        Logger.getLogger("org.apache.pdfbox").setLevel(Level.OFF);
        Files.deleteIfExists(CACHE);
        int jdk = Runtime.version().feature();
        if (jdk < FIRST_JDK || !Boolean.parseBoolean(System.getProperty("docex.aot", "true"))) {
            String reason = jdk < FIRST_JDK ? "JDK " + jdk + " has no ahead-of-time cache (JDK " + FIRST_JDK + " or newer)"
                    : "-Ddocex.aot=false";
            Files.writeString(OPTIONS, "# No ahead-of-time cache: " + reason + ".\n");
            System.out.println("docex: no ahead-of-time cache recorded: " + reason);
            return;
        }
        // The training server must not start with the cache of an earlier build.
        Files.writeString(OPTIONS, "# No ahead-of-time cache: the training run did not finish.\n");
        long start = System.nanoTime();
        Path work = Files.createDirectories(TARGET.resolve("aot-training"));
        record(work, GeneratedReports.write(work.resolve("corpus"), "training", 100_000, TRAINING_DOCUMENTS, 12).files());
        Files.writeString(OPTIONS, "# Written by the build's training run (see README, Performance).\n"
                + CACHE_OPTION + CACHE + "\n");
        System.out.printf("docex: ahead-of-time cache %s (%d MB) recorded on JDK %s in %.0f s%n", CACHE,
                Files.size(CACHE) >> 20, Runtime.version(), (System.nanoTime() - start) / 1e9);
    }

    /** Starts the service with {@code -XX:AOTCacheOutput}, trains it on {@code reports}, stops it and checks the cache. */
    private static void record(Path work, List<Path> reports) throws Exception {
        Path data = Files.createTempDirectory(work, "data-");
        Path log = work.resolve("server.log");
        // As the benchmark: one client that starts a whole corpus at once, so no cap on one user's queued work.
        Map<String, String> environment = Map.of("DOCEX_ADMIN_EMAIL", ADMIN_EMAIL, "DOCEX_ADMIN_PASSWORD", ADMIN_PASSWORD,
                "DOCEX_MAX_QUEUED_PER_USER", Integer.toString(Integer.MAX_VALUE));
        List<String> options = new ArrayList<>(RunCommand.JVM_OPTIONS);
        options.add("-XX:AOTCacheOutput=" + CACHE.toAbsolutePath());
        int port = DocexProcess.freePort();
        List<String> command = RunCommand.of(options, port, data);
        try (DocexProcess server = DocexProcess.start(command, data, environment, log, port)) {
            train(DocexClient.signIn(server.base(), ADMIN_EMAIL, ADMIN_PASSWORD), reports);
            if (!server.stop(WRITE_TIMEOUT)) {
                throw new IOException("The training server did not exit within " + WRITE_TIMEOUT + "; see " + log);
            }
        } finally {
            // Its database and the 1,440 uploads are of no use once the cache is written.
            deleteRecursively(data);
        }
        if (!Files.isRegularFile(CACHE) || Files.size(CACHE) == 0) {
            throw new IOException("The training run wrote no ahead-of-time cache; see " + log);
        }
    }

    /** What a working day asks of the service: uploads and extractions, then documents, lists and results read. */
    private static void train(DocexClient client, List<Path> reports) throws Exception {
        for (int pass = 0; pass < TRAINING_PASSES; pass++) {
            ExtractionPass.run(client, reports, CLIENTS);
            ExtractionPass.extracted(client);
        }
        JsonObject listed = client.get("/api/extractions/workflows?limit=50");
        for (JsonObject workflow : listed.getJsonArray("items").getValuesAs(JsonObject.class)) {
            String id = workflow.getString("id");
            for (int i = 0; i < 20; i++) {
                client.get("/api/documents/" + workflow.getString("document_id"));
                client.get("/api/extractions/workflow/" + id);
                client.get("/api/users/me");
            }
            client.get("/api/extractions/workflow/" + id + "/pages/1");
            client.get("/api/documents/list?limit=20&q=report");
            client.get("/api/documents/list?limit=20&offset=100&sort=-uploaded_at");
        }
    }

    private static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> tree = Files.walk(directory)) {
            for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
