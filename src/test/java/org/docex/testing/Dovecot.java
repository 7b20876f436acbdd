package org.docex.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A Dovecot IMAP server of a test's own: a private configuration in a temporary directory, on a free
 * loopback port, with one mail user ({@link #USER}, {@link #PASSWORD}) whose mail lies in a maildir
 * there. Debian's {@code dovecot-imapd}; it must be started as root (it drops to the {@code dovecot}
 * user's ids for the mail, which it refuses to keep as root). Plain text log-in without TLS on {@link #port()}, which
 * Dovecot allows here only because the configuration says so and it listens on loopback alone; IMAP over TLS on
 * {@link #tlsPort()} with a certificate made for 127.0.0.1 at the start, which {@link #trustStore()} trusts.
 */
public final class Dovecot implements AutoCloseable {

    public static final String USER = "accounts";
    public static final String PASSWORD = "mail-" + Long.toHexString(System.nanoTime());
    private static final Path BINARY = Path.of("/usr/sbin/dovecot");
    public static final String TRUST_STORE_PASSWORD = "dovecot-trust";

    private final Path dir;
    private final Path config;
    private final int port;
    private final int tlsPort;

    private Dovecot(Path dir, Path config, int port, int tlsPort) {
        this.dir = dir;
        this.config = config;
        this.port = port;
        this.tlsPort = tlsPort;
    }

    /** Why this machine cannot start one (not installed, not root), or empty where it can. */
    public static Optional<String> unavailable() {
        if (!Files.isExecutable(BINARY)) {
            return Optional.of("Dovecot is not installed (apt-get install dovecot-imapd)");
        }
        if (!Files.isExecutable(Path.of("/usr/bin/openssl"))) {
            return Optional.of("openssl, which makes the server's TLS certificate, is not installed (apt-get install openssl)");
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.of("Dovecot can be started with a private configuration by root only");
        }
        return Optional.empty();
    }

    public static Dovecot start() throws IOException, InterruptedException {
        return start(Optional.empty());
    }

    /**
     * As {@link #start()}; with {@code userinfo} (an OpenID Connect provider's userinfo endpoint) the user signs in by
     * SASL XOAUTH2 or OAUTHBEARER too: Dovecot asks the endpoint with the token, and takes it where the answer's claim
     * {@code mailbox} names the user (as it asks Microsoft Graph's {@code /me} for {@code mail}). Dovecot 2.3 sends no
     * client credentials with a POST to an introspection endpoint, which Keycloak requires.
     */
    public static Dovecot start(Optional<String> userinfo) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("docex-dovecot-");
        // The auth process (user dovecot) reads the passwd file, the mail process writes the maildir as that user.
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        int uid = id("-u");
        int gid = id("-g");
        Path home = Files.createDirectories(dir.resolve("home"));
        run(List.of("chown", uid + ":" + gid, home.toString()));
        Path passwd = dir.resolve("passwd");
        Files.writeString(passwd, USER + ":{PLAIN}" + PASSWORD + ":" + uid + ":" + gid + "::" + home + "\n",
                StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(passwd, PosixFilePermissions.fromString("rw-r--r--"));
        int port = freePort();
        int tlsPort = freePort();
        Path cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        run(List.of("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.toString(), "-out",
                cert.toString(), "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"));
        run(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-importcert", "-noprompt",
                "-alias", "dovecot", "-file", cert.toString(), "-keystore", dir.resolve("trust.p12").toString(),
                "-storetype", "PKCS12", "-storepass", TRUST_STORE_PASSWORD));
        List<String> oauth2 = List.of();
        if (userinfo.isPresent()) {
            Path oauth2Config = dir.resolve("dovecot-oauth2.conf.ext");
            Files.writeString(oauth2Config, String.join("\n",
                    "introspection_mode = auth",
                    "introspection_url = " + userinfo.get(),
                    "username_attribute = mailbox",
                    ""), StandardCharsets.UTF_8);
            oauth2 = List.of("passdb {", "  driver = oauth2", "  mechanisms = xoauth2 oauthbearer", "  args = " + oauth2Config, "}");
        }
        Path config = dir.resolve("dovecot.conf");
        Files.writeString(config, String.join("\n",
                "base_dir = " + dir.resolve("run"),
                "state_dir = " + dir.resolve("state"),
                "log_path = " + dir.resolve("dovecot.log"),
                "protocols = imap",
                "listen = 127.0.0.1",
                "ssl = yes",
                "ssl_cert = <" + cert,
                "ssl_key = <" + key,
                "ssl_min_protocol = TLSv1.2",
                "disable_plaintext_auth = no",
                "auth_mechanisms = plain login" + (userinfo.isPresent() ? " xoauth2 oauthbearer" : ""),
                "mail_location = maildir:~/Maildir",
                "first_valid_uid = " + uid,
                String.join("\n", oauth2),
                "passdb {", "  driver = passwd-file", "  args = " + passwd, "}",
                "userdb {", "  driver = passwd-file", "  args = " + passwd, "}",
                "service imap-login {", "  inet_listener imap {", "    address = 127.0.0.1", "    port = " + port, "  }",
                "  inet_listener imaps {", "    address = 127.0.0.1", "    port = " + tlsPort, "    ssl = yes", "  }", "}",
                ""), StandardCharsets.UTF_8);
        Dovecot server = new Dovecot(dir, config, port, tlsPort);
        run(List.of(BINARY.toString(), "-c", config.toString()));
        server.awaitListening();
        return server;
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return port;
    }

    /** IMAP over TLS from the first byte (imaps). */
    public int tlsPort() {
        return tlsPort;
    }

    /** A PKCS12 trust store ({@link #TRUST_STORE_PASSWORD}) holding the server's certificate. */
    public Path trustStore() {
        return dir.resolve("trust.p12");
    }

    /** JVM options under which a client trusts this server's certificate. */
    public List<String> trustingJvmOptions() {
        return List.of("-Djavax.net.ssl.trustStore=" + trustStore(), "-Djavax.net.ssl.trustStorePassword=" + TRUST_STORE_PASSWORD,
                "-Djavax.net.ssl.trustStoreType=PKCS12");
    }

    public Path log() {
        return dir.resolve("dovecot.log");
    }

    @Override
    public void close() throws IOException, InterruptedException {
        run(List.of(BINARY.toString(), "-c", config.toString(), "stop"));
    }

    private void awaitListening() throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host(), port), 500);
                return;
            } catch (IOException notYet) {
                if (Instant.now().isAfter(deadline)) {
                    String log = Files.exists(log()) ? Files.readString(log()) : "(no log)";
                    throw new IOException("Dovecot did not listen on " + port + ": " + log, notYet);
                }
                Thread.sleep(100);
            }
        }
    }

    private static int id(String which) throws IOException, InterruptedException {
        return Integer.parseInt(run(List.of("id", which, "dovecot")).strip());
    }

    /** Runs a command to its end; its output goes to a file, as {@code dovecot} leaves a daemon holding its pipes. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Path output = Files.createTempFile("docex-dovecot-", ".out");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            int code = process.waitFor();
            String printed = Files.readString(output);
            if (code != 0) {
                throw new IOException(String.join(" ", command) + " exited with " + code + ": " + printed);
            }
            return printed;
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
