package org.docex.benchmark;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import org.docex.documents.control.Trigrams;
import org.docex.extraction.GeneratedPdfs;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ServerProcess;
import org.docex.testing.Uploads;

/**
 * Part 7: {@code GET /api/documents/list} with 100,000 documents stored. The server is started once
 * to create its schema and first admin, stopped, and the rows are written straight into its
 * embedded database (file names and titles drawn from a small vocabulary, upload times over a
 * year); then it is started again on them and read at 16 connections: the first page, a deep
 * page, three searches and each sort, each once unmeasured for 15 s (a server started on the
 * seeded database compiles its list and search code only under load) and then measured for 15 s.
 */
final class ListAtScale {

    static final int DOCUMENTS = 100_000;
    private static final int CONNECTIONS = 16;
    private static final Duration WARM_UP = Duration.ofSeconds(15);
    private static final Duration MEASURED = Duration.ofSeconds(15);
    private static final List<String> WORDS = List.of("invoice", "contract", "statement", "order", "receipt", "report",
            "offer", "delivery", "credit", "reminder", "quote", "agreement", "policy", "claim", "payslip", "notice");
    private static final List<String> VENDORS = List.of("Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark",
            "Wayne", "Wonka", "Tyrell", "Cyberdyne", "Soylent", "Vandelay", "Kramerica", "Dunder", "Pied Piper", "Massive");

    private ListAtScale() {
    }

    static void run(Path data, Map<String, String> environment, List<String> jvmOptions) throws Exception {
        Benchmark.print("%n7. GET /api/documents/list with %,d documents stored, %d connections (%s), %d s each after %d s of each"
                + " (target p99 < 30 ms)", DOCUMENTS, CONNECTIONS, WrkLoad.available() ? "wrk" : "JDK client",
                MEASURED.toSeconds(), WARM_UP.toSeconds());
        Benchmark.print("   (each query runs %d s unmeasured first, all before the first is measured)", WARM_UP.toSeconds());
        Files.createDirectories(data);
        Path log = data.resolve("server.log");
        try (ServerProcess server = ServerProcess.start(data, environment, log, jvmOptions)) {
            Api admin = server.api().as(new Accounts(server.api()).adminToken());
            Uploads.uploaded(admin, "template.pdf", GeneratedPdfs.invoice());
            server.stop(false);
        }
        long seeding = System.nanoTime();
        seed(data);
        Benchmark.print("   %,d rows written in %.1f s", DOCUMENTS, (System.nanoTime() - seeding) / 1e9);
        try (ServerProcess server = ServerProcess.start(data, environment, log, jvmOptions)) {
            Api admin = server.api().as(new Accounts(server.api()).adminToken());
            Map<String, String> queries = new LinkedHashMap<>();
            queries.put("first page (-uploaded_at)", "/api/documents/list");
            queries.put("deep page (offset 99,950)", "/api/documents/list?offset=" + (DOCUMENTS - 50));
            queries.put("search q=wonka", "/api/documents/list?q=wonka");
            queries.put("search q=4711 (a few dozen matches)", "/api/documents/list?q=4711");
            queries.put("search q=zzz (no match)", "/api/documents/list?q=zzz");
            queries.put("sort uploaded_at", "/api/documents/list?sort=uploaded_at");
            queries.put("sort filename", "/api/documents/list?sort=filename");
            queries.put("sort -filename", "/api/documents/list?sort=-filename");
            // Again at the end: how much the first figure still owed to warming up.
            queries.put("first page again", "/api/documents/list?sort=-uploaded_at");
            for (String path : queries.values()) {
                measure(admin, path, WARM_UP);
            }
            for (Map.Entry<String, String> query : queries.entrySet()) {
                var answer = admin.get(query.getValue());
                long total = answer.status() == 200 ? answer.json().getJsonNumber("total").longValue() : -1;
                boolean exact = answer.status() != 200 || answer.json().getBoolean("total_exact", true);
                Optional<LatencyStats> stats = measure(admin, query.getValue(), MEASURED);
                Benchmark.print("   %-27s %s  (total %,d%s)", query.getKey(), stats.map(String::valueOf).orElse("wrk failed"), total,
                        exact ? "" : ", an upper bound");
            }
        }
    }

    private static Optional<LatencyStats> measure(Api api, String path, Duration duration) throws Exception {
        if (WrkLoad.available()) {
            return WrkLoad.measure(api.base().resolve(URI.create(path)), api.token(), CONNECTIONS, duration);
        }
        return Optional.of(ApiLatency.measure(api, path, CONNECTIONS, duration));
    }

    /**
     * Copies the uploaded document's row {@link #DOCUMENTS} times with other ids, names, titles and
     * times, with their search index entries as an upload writes them.
     */
    private static void seed(Path data) throws Exception {
        String url = "jdbc:h2:file:" + data.resolve("db/docex");
        try (Connection db = DriverManager.getConnection(url, "docex", "docex")) {
            db.setAutoCommit(false);
            Map<String, Object> template = new LinkedHashMap<>();
            try (ResultSet row = db.createStatement().executeQuery("SELECT * FROM document")) {
                row.next();
                for (int column = 1; column <= row.getMetaData().getColumnCount(); column++) {
                    template.put(row.getMetaData().getColumnName(column).toLowerCase(java.util.Locale.ROOT), row.getObject(column));
                }
            }
            List<String> columns = List.copyOf(template.keySet());
            String insert = "INSERT INTO document (" + String.join(", ", columns) + ") VALUES ("
                    + String.join(", ", columns.stream().map(c -> "?").toList()) + ")";
            Random random = new Random(42);
            Instant start = Instant.parse("2025-11-01T00:00:00Z");
            try (PreparedStatement statement = db.prepareStatement(insert);
                 PreparedStatement trigram = db.prepareStatement("INSERT INTO document_trigram (trigram, document_id) VALUES (?, ?)")) {
                for (int i = 1; i < DOCUMENTS; i++) {
                    String vendor = VENDORS.get(random.nextInt(VENDORS.size()));
                    String word = WORDS.get(random.nextInt(WORDS.size()));
                    String filename = word + "-" + (100000 + random.nextInt(900000)) + ".pdf";
                    String title = vendor + " " + word + " " + (2020 + random.nextInt(6));
                    UUID id = UUID.randomUUID();
                    for (String piece : Trigrams.of(filename.toLowerCase(java.util.Locale.ROOT), title.toLowerCase(java.util.Locale.ROOT))) {
                        trigram.setString(1, piece);
                        trigram.setObject(2, id);
                        trigram.addBatch();
                    }
                    for (int c = 0; c < columns.size(); c++) {
                        Object value = switch (columns.get(c)) {
                            case "id" -> id;
                            case "filename" -> filename;
                            case "filename_folded" -> filename.toLowerCase(java.util.Locale.ROOT);
                            case "title" -> title;
                            case "title_folded" -> title.toLowerCase(java.util.Locale.ROOT);
                            case "uploaded_at" -> java.time.OffsetDateTime.ofInstant(start.plusSeconds(random.nextInt(365 * 24 * 3600)),
                                    java.time.ZoneOffset.UTC);
                            default -> template.get(columns.get(c));
                        };
                        statement.setObject(c + 1, value);
                    }
                    statement.addBatch();
                    if (i % 1000 == 0) {
                        statement.executeBatch();
                        trigram.executeBatch();
                        db.commit();
                    }
                }
                statement.executeBatch();
                trigram.executeBatch();
                db.commit();
            }
            // Rewrites the file as a server that has run for a while would have it: without this, H2
            // compacts the bulk-loaded file in the background during the first measurements.
            db.createStatement().execute("SHUTDOWN COMPACT");
        }
    }
}
