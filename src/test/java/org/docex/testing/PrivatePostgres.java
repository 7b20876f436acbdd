package org.docex.testing;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of a test's own, in a temporary directory on a free port, that the test may
 * stop and start: the machine's own cluster is left alone. Its binaries are the newest under
 * {@code /usr/lib/postgresql/<version>/bin}, or on the PATH; they refuse to run as root, so when the
 * tests run as root they run as the {@code postgres} user (trust authentication on loopback only).
 */
public final class PrivatePostgres implements AutoCloseable {

    public static final String DATABASE = "docex";
    public static final String USER = "postgres";

    private final Path bin;
    private final Path dir;
    private final int port;

    private PrivatePostgres(Path bin, Path dir, int port) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
    }

    /** The directory holding {@code initdb} and {@code pg_ctl}, if PostgreSQL is installed. */
    public static Optional<Path> binaries() {
        List<Path> candidates = new ArrayList<>();
        Path versions = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(versions)) {
            try (Stream<Path> each = Files.list(versions)) {
                each.map(version -> version.resolve("bin"))
                        .sorted(Comparator.comparing(PrivatePostgres::majorVersion).reversed())
                        .forEach(candidates::add);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        for (String entry : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            candidates.add(Path.of(entry));
        }
        return candidates.stream()
                .filter(dir -> Files.isExecutable(dir.resolve("initdb")) && Files.isExecutable(dir.resolve("pg_ctl")))
                .findFirst();
    }

    /** Creates the cluster, starts it and creates the {@value #DATABASE} database. */
    public static PrivatePostgres start(Path bin) throws IOException, InterruptedException, SQLException {
        Path dir = Files.createTempDirectory("docex-postgres-");
        // The postgres user writes its data and socket here when the tests run as root.
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        PrivatePostgres cluster = new PrivatePostgres(bin, dir, freePort());
        cluster.run(List.of(bin.resolve("initdb").toString(), "-A", "trust", "-U", USER, "-D", cluster.data()));
        cluster.start();
        try (Connection connection = DriverManager.getConnection(cluster.url("postgres"), USER, "");
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + DATABASE);
        }
        return cluster;
    }

    public String url() {
        return url(DATABASE);
    }

    private String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), USER, "");
    }

    /** Starts the stopped cluster and waits until it accepts connections. */
    public void start() throws IOException, InterruptedException {
        pgCtl("start", "-l", dir.resolve("postgres.log").toString(), "-o", "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1");
    }

    /** Stops the cluster as an operator's restart does ({@code -m fast}: sessions are ended, then it shuts down). */
    public void stop() throws IOException, InterruptedException {
        pgCtl("stop", "-m", "fast");
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            pgCtl("stop", "-m", "immediate");
        } catch (IOException alreadyStopped) {
            // a stopped cluster needs no stop
        }
        DocexDeployment.deleteRecursively(dir);
    }

    private String data() {
        return dir.resolve("data").toString();
    }

    private void pgCtl(String action, String... options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(bin.resolve("pg_ctl").toString(), "-D", data(), "-w", action));
        command.addAll(List.of(options));
        run(command);
    }

    private void run(List<String> command) throws IOException, InterruptedException {
        List<String> asUser = isRoot() ? List.of("su", USER, "-s", "/bin/sh", "-c", shellQuoted(command)) : command;
        Process process = new ProcessBuilder(asUser).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("commands.log").toFile()))
                .start();
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed; see " + dir.resolve("commands.log") + ": "
                    + Files.readString(dir.resolve("commands.log"), StandardCharsets.UTF_8));
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static String shellQuoted(List<String> command) {
        return String.join(" ", command.stream().map(word -> "'" + word.replace("'", "'\\''") + "'").toList());
    }

    private static int majorVersion(Path binDir) {
        try {
            return Integer.parseInt(binDir.getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
