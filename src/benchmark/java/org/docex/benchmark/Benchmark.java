package org.docex.benchmark;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.build.ExtractionPass;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.EmbeddedDatabase;
import org.docex.testing.ServerProcess;

/**
 * docex measured on this machine: extraction throughput against PDFBox alone, API latency under
 * 16 connections, and four concurrent 50 MiB uploads into a 256 MiB heap. Starts the built
 * service itself (as the README's run command does) and prints its figures; asserts nothing.
 *
 * <p>{@code mvn -B -Pbenchmark package -DskipTests [-Dbenchmark.corpus=DIR]}; {@code -Dbenchmark.parts=latency}
 * runs only some parts ({@code extraction,latency,memory,ocr,webhooks,busy,list,accuracy,vendors,xml,queue}); {@code -Dbenchmark.jfr=true} records the
 * measured extraction passes with Java Flight Recorder into {@code target/benchmark/service.jfr};
 * {@code -Dbenchmark.profiler=/path/to/libasyncProfiler.so} profiles them with async-profiler into
 * {@code target/benchmark/service.collapsed} ({@code -Dbenchmark.profilerEvent=wall} by wall clock);
 * {@code -Dbenchmark.warmup=N} caps the service's warm-up passes; {@code -Dbenchmark.jvmOptions="..."}
 * starts the measured service with more JVM options.
 */
public final class Benchmark {

    private static final Path WORK = Path.of("target", "benchmark");
    private static final int CORES = Runtime.getRuntime().availableProcessors();
    /** In-process warm-up: PDFBox and the engine alone are little code, compiled within two passes. */
    static final int WARM_UP_PASSES = 2;
    /** Both sides are measured over this many passes; the median is printed (a pass varies by 10-20% here). */
    static final int MEASURED_PASSES = 3;
    /** The service warms up until its JIT compilers take less than this share of a pass's CPU... */
    private static final double WARM_COMPILER_SHARE = 0.10;
    /** ...or for at most this many passes ({@code -Dbenchmark.warmup=N}). */
    private static final int MAX_SERVICE_WARM_UP_PASSES = Integer.getInteger("benchmark.warmup", 30);
    /** The read target holds right after an extraction run, after this much unmeasured load, not minutes of it. */
    private static final Duration LATENCY_WARM_UP = Duration.ofSeconds(15);
    /** The latency part alone warms the service up with this many documents. */
    private static final int WARM_UP_DOCUMENTS = 60;

    /** {@code -Dbenchmark.corpus} names the generated corpus so, among directories. */
    private static final String GENERATED = "generated";

    private Benchmark() {
    }

    public static void main(String[] args) throws Exception {
        Logger.getLogger("org.apache.pdfbox").setLevel(Level.OFF);
        String given = args.length > 0 && args[0] != null && !args[0].isBlank() ? args[0]
                : System.getProperty("benchmark.corpus", "");
        List<String> sources = given.isBlank() ? List.of(GENERATED) : List.of(given.split(","));
        List<Corpus> corpora = new ArrayList<>();
        for (String source : sources) {
            Corpus corpus = source.equals(GENERATED)
                    ? Corpus.generate(WORK.resolve("corpus"))
                    : Corpus.from(Path.of(source), 50L * 1024 * 1024);
            print("docex benchmark: %d cores, corpus of %d PDFs with %d pages%s, database %s", CORES, corpus.files().size(),
                    corpus.pages(), source.equals(GENERATED) ? " (generated)" : " from " + source, database());
            corpora.add(corpus);
        }
        List<String> parts = List.of(System.getProperty("benchmark.parts", "extraction,latency,memory,ocr,webhooks,busy,list,accuracy,vendors,xml,queue").split(","));
        if (parts.contains("extraction") || parts.contains("latency")) {
            try (ServerProcess server = start("service", extraJvmOptions())) {
                Api api = server.api().as(new Accounts(server.api()).adminToken());
                if (parts.contains("extraction")) {
                    // Several corpora run one after the other on the same server, as a running service meets them.
                    for (Corpus corpus : corpora) {
                        extraction(api, corpus, server);
                    }
                } else {
                    ServiceExtraction.run(api, corpora.get(0).first(WARM_UP_DOCUMENTS), CORES);
                }
                if (parts.contains("latency")) {
                    latency(api);
                }
                print("Service peak RSS: %d MiB", server.peakRssKib() / 1024);
            }
        }
        if (parts.contains("memory")) {
            memory();
        }
        if (parts.contains("ocr")) {
            OcrThroughput.run(WORK);
        }
        if (parts.contains("busy")) {
            try (ServerProcess server = start("busy", extraJvmOptions())) {
                BusyClients.run(server.api().as(new Accounts(server.api()).adminToken()));
            }
        }
        if (parts.contains("list")) {
            ListAtScale.run(WORK.resolve("data-list-" + System.currentTimeMillis()).toAbsolutePath(), adminSettings(Map.of()),
                    extraJvmOptions());
        }
        if (parts.contains("queue")) {
            QueueWalk.run(WORK.resolve("data-queue-" + System.currentTimeMillis()).toAbsolutePath(), adminSettings(Map.of()),
                    extraJvmOptions());
        }
        if (parts.contains("accuracy")) {
            RealWorldAccuracy.run(WORK);
        }
        if (parts.contains("xml")) {
            XmlInvoiceSpeed.run(WORK);
        }
        if (parts.contains("vendors")) {
            VendorMemoryBenchmark.run(WORK);
        }
        if (parts.contains("webhooks")) {
            try (ServerProcess server = start("webhooks", extraJvmOptions(), Map.of("DOCEX_WEBHOOK_ALLOW_PRIVATE", "true"))) {
                WebhookLoad.run(server.api().as(new Accounts(server.api()).adminToken()), server);
            }
        }
    }

    private static void extraction(Api api, Corpus corpus, ServerProcess server) throws Exception {
        print("%n1. Extraction throughput (generic workflow, %d concurrent clients): %d PDFs, %d pages", CORES,
                corpus.files().size(), corpus.pages());
        InProcessExtraction.Passes pdfBox = InProcessExtraction.pdfBoxAlone(corpus, CORES);
        double engine = InProcessExtraction.enginePagesPerSecond(corpus, CORES);
        warmUp(api, corpus, server);
        LocalDateTime begin = LocalDateTime.now();
        List<Double> baselinePasses = new ArrayList<>();
        List<ServiceExtraction.Outcome> passes = new ArrayList<>();
        PassCpu used = new PassCpu(server);
        Optional<Profiler> profiler = Profiler.configured(server, WORK.resolve("service.collapsed"));
        for (int each = 0; each < MEASURED_PASSES; each++) {
            // PDFBox alone and the service take turns, PDFBox alone once the server is quiet, so
            // that both meet the machine at the same speed: it moves by a quarter within a day.
            awaitQuiet(server);
            baselinePasses.add(pdfBox.pass());
            profiler.ifPresent(Profiler::resume);
            ExtractionPass.Pass pass = used.measure(() -> ServiceExtraction.extract(api, corpus, CORES));
            profiler.ifPresent(Profiler::pause);
            passes.add(ServiceExtraction.tally(api, pass));
        }
        double cpu = used.serverSeconds();
        double client = used.clientSeconds();
        double idle = used.idleShare();
        List<Map.Entry<String, Double>> byThread = used.largestKinds(8);
        dumpRecording(server, begin);
        double baseline = median(baselinePasses, Comparator.naturalOrder());
        ServiceExtraction.Outcome service = median(passes, Comparator.comparingDouble(ServiceExtraction.Outcome::pagesPerSecond));
        long pages = passes.stream().mapToLong(ServiceExtraction.Outcome::pages).sum();
        double seconds = passes.stream().mapToDouble(ServiceExtraction.Outcome::seconds).sum();
        print("   PDFBox in-process (load + text, warm, %d threads): %8.1f pages/s  (passes %s pages/s, taking turns with the service's)",
                CORES, baseline, baselinePasses.stream().map(each -> String.format("%.0f", each)).toList());
        print("   docex service (upload to last result):          %8.1f pages/s  (median pass: %d pages, %d extracted, %d failed, %.1f s;"
                + " passes %s pages/s)", service.pagesPerSecond(), service.pages(), service.extracted(), service.failed(),
                service.seconds(), passes.stream().map(each -> String.format("%.0f", each.pagesPerSecond())).toList());
        print("   docex engine in-process (positions, fields, warm):%8.1f pages/s  (%.2f of PDFBox alone)", engine, engine / baseline);
        print("   ratio service / in-process: %.2f  (target >= 0.85)", service.pagesPerSecond() / baseline);
        print("   service CPU over the measured passes: %.1f s in %.1f s on %d cores (%.0f%% busy), %.2f ms CPU per page",
                cpu, seconds, CORES, 100 * cpu / (seconds * CORES), 1000 * cpu / pages);
        byThread.forEach(kind -> print("      %-28s %5.1f s  %5.2f ms per page", kind.getKey(), kind.getValue(),
                1000 * kind.getValue() / pages));
        // The clients run in this JVM on the same cores; PDFBox alone above has no client to share them with.
        print("   benchmark clients (this JVM) over the same passes: %.1f s of CPU, %.2f ms per page; the machine idle %.0f%% of the time",
                client, 1000 * client / pages, 100 * idle);
        // By thread: this JVM's compilers also run in the service's passes, not only its clients.
        used.largestClientKinds(4).forEach(kind -> print("      %-28s %5.1f s  %5.2f ms per page", kind.getKey(), kind.getValue(),
                1000 * kind.getValue() / pages));
    }

    /**
     * Waits until the server has been idle for half a second (its compilers and database done
     * with the last pass), at most 30 s, so that a pass of PDFBox alone does not share the cores.
     */
    private static void awaitQuiet(ServerProcess server) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        double before = server.cpuSeconds();
        while (System.nanoTime() < deadline) {
            Thread.sleep(500);
            double now = server.cpuSeconds();
            if (now - before <= 0.02) {
                return;
            }
            before = now;
        }
        print("   (the server did not go quiet within 30 s: the next pass of PDFBox alone shares the cores with it)");
    }

    static double clientCpuSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
    }

    /**
     * The machine's CPU time (user to steal; guest time is already in user) and its idle part
     * (idle and I/O wait), in ticks of Linux {@code /proc/stat}; zeros where unknown.
     */
    static long[] machineCpuTicks() {
        try {
            String[] fields = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i <= 8 && i < fields.length; i++) {
                total += Long.parseLong(fields[i]);
            }
            return new long[] {total, Long.parseLong(fields[4]) + Long.parseLong(fields[5])};
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0};
        }
    }

    /**
     * Passes over the corpus until the service is warm: a long-running server compiled its hot
     * paths long ago, but on two cores one C2 thread takes minutes over the breadth of a server's
     * code (each pass brings methods that run once per document past the JIT's thresholds).
     */
    private static void warmUp(Api api, Corpus corpus, ServerProcess server) throws Exception {
        for (int pass = 1; pass <= MAX_SERVICE_WARM_UP_PASSES; pass++) {
            ThreadCpu before = ThreadCpu.of(server.pid());
            ServiceExtraction.Outcome warmUp = ServiceExtraction.run(api, corpus, CORES);
            ThreadCpu after = ThreadCpu.of(server.pid());
            double total = after.secondsSince(before, kind -> true);
            double compiling = after.secondsSince(before, kind -> kind.contains("CompilerThre"));
            print("   warm-up pass %d: %.1f pages/s, %.1f s of server CPU, %.0f%% of it in the JIT compilers",
                    pass, warmUp.pagesPerSecond(), total, 100 * compiling / total);
            if (pass >= WARM_UP_PASSES && compiling < WARM_COMPILER_SHARE * total) {
                return;
            }
        }
    }

    private static void latency(Api api) throws Exception {
        print("%n2. API latency (16 connections, 20 s each, after %d s of warm-up each)", LATENCY_WARM_UP.toSeconds());
        JsonObject any = api.get("/api/documents/list?limit=1").json().getJsonArray("items").getJsonObject(0);
        // Unmeasured, as long as a measured run: the JIT compiles the read paths first.
        for (String path : List.of("/api/documents/" + any.getString("id"), "/api/documents/list")) {
            if (WrkLoad.available()) {
                WrkLoad.measure(api.base().resolve(path), api.token(), 16, LATENCY_WARM_UP);
            } else {
                ApiLatency.measure(api, path, 16, LATENCY_WARM_UP);
            }
        }
        LatencyStats one = ApiLatency.measure(api, "/api/documents/" + any.getString("id"), 16, Duration.ofSeconds(20));
        print("   GET /api/documents/{id}   %s  (target p99 < 20 ms, 0 errors)", one);
        LatencyStats list = ApiLatency.measure(api, "/api/documents/list", 16, Duration.ofSeconds(20));
        print("   GET /api/documents/list   %s", list);
        if (WrkLoad.available()) {
            String token = api.token();
            print("   the same with wrk (a load generator in C, so the JVM client's CPU does not count):");
            WrkLoad.measure(api.base().resolve("/api/documents/" + any.getString("id")), token, 16, Duration.ofSeconds(20))
                    .ifPresent(figures -> print("   GET /api/documents/{id}   %s", figures));
            WrkLoad.measure(api.base().resolve("/api/documents/list"), token, 16, Duration.ofSeconds(20))
                    .ifPresent(figures -> print("   GET /api/documents/list   %s", figures));
        } else {
            print("   (install wrk to measure the same with a load generator that costs the server's cores less)");
        }
    }

    /**
     * With {@code -Dbenchmark.jfr=true}, the service is started with Java Flight Recorder on, and
     * what it recorded during the measured extraction passes is dumped into
     * {@code target/benchmark/service.jfr}. Starting a recording in a running server would make
     * the JIT compile much of the server again, inside the measured pass.
     */
    private static void dumpRecording(ServerProcess server, LocalDateTime begin) throws Exception {
        if (!Boolean.getBoolean("benchmark.jfr")) {
            return;
        }
        Path recording = WORK.toAbsolutePath().resolve("service.jfr");
        Files.deleteIfExists(recording);
        String said;
        try {
            // jcmd exits 0 when the command itself fails ("Could not find benchmark"): the file tells.
            said = server.jcmd("JFR.dump", "name=benchmark", "begin=" + begin, "filename=" + recording);
        } catch (IOException e) {
            said = e.getMessage();
        }
        if (!Files.isRegularFile(recording)) {
            // Said, not thrown: the pass's figures are printed after this.
            print("   (the service's recording was not dumped: %s)", said);
        }
    }

    private static void memory() throws Exception {
        print("%n3. Memory: 4 concurrent 50 MiB uploads, server heap capped at 256 MiB");
        Path pdf = UploadMemory.largePdf(WORK);
        try (ServerProcess server = start("memory", List.of("-Xmx256m"))) {
            Api api = server.api().as(new Accounts(server.api()).adminToken());
            int accepted = UploadMemory.uploadConcurrently(api, pdf, 4);
            print("   accepted %d of 4 (%d bytes each); server peak RSS %d MiB; healthy afterwards: %s",
                    accepted, Files.size(pdf), server.peakRssKib() / 1024, api.get("/health/ready").status() == 200);
        }
    }

    /**
     * The measured service's JVM options: the README run command's (the argument file
     * {@code payara-config/jvm.options}), or {@code -Dbenchmark.jvmOptions="-Xmx... -XX:..."} instead.
     */
    private static List<String> extraJvmOptions() {
        List<String> options = new ArrayList<>();
        String given = System.getProperty("benchmark.jvmOptions", "").trim();
        options.addAll(given.isEmpty() ? ServerProcess.RUN_COMMAND_JVM_OPTIONS : List.of(given.split("\\s+")));
        Profiler.library().ifPresent(library -> options.add("-agentpath:" + library));
        if (Boolean.getBoolean("benchmark.jfr")) {
            options.add("-XX:StartFlightRecording=name=benchmark,settings=default,maxage=10m");
        }
        return options;
    }

    /** The servers inherit this process's environment: {@code DB_URL} names the database they use, else it is embedded H2. */
    private static String database() {
        // Without its parameters and user part, which can hold a password.
        return EmbeddedDatabase.inUse() ? "embedded H2" : System.getenv("DB_URL").replaceAll("[?;].*$", "").replaceAll("//[^@/]*@", "//");
    }

    private static ServerProcess start(String name, List<String> jvmOptions) throws Exception {
        return start(name, jvmOptions, Map.of());
    }

    private static ServerProcess start(String name, List<String> jvmOptions, Map<String, String> settings) throws Exception {
        Path data = WORK.resolve("data-" + name + "-" + System.currentTimeMillis()).toAbsolutePath();
        Files.createDirectories(data);
        return ServerProcess.start(data, adminSettings(settings), data.resolve("server.log"), jvmOptions);
    }

    /**
     * {@code settings} and the first admin the benchmark signs in as. The benchmark is one client that
     * starts a whole corpus at once to measure throughput (the build's training run too): the cap on
     * one user's queued work (for servers many people share) is lifted.
     */
    static Map<String, String> adminSettings(Map<String, String> settings) {
        Map<String, String> environment = new java.util.HashMap<>(settings);
        environment.put("DOCEX_ADMIN_EMAIL", Accounts.ADMIN_EMAIL);
        environment.put("DOCEX_ADMIN_PASSWORD", Accounts.ADMIN_PASSWORD);
        environment.put("DOCEX_MAX_QUEUED_PER_USER", Integer.toString(Integer.MAX_VALUE));
        return environment;
    }

    /** The middle value in {@code order} (of an even count, the upper of the two middle ones). */
    static <T> T median(List<T> values, Comparator<? super T> order) {
        return values.stream().sorted(order).toList().get(values.size() / 2);
    }

    static void print(String format, Object... values) {
        System.out.println(String.format(format, values));
    }
}
