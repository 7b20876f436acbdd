package org.docex.mfa;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.docex.testing.Accounts;
import org.docex.testing.DocexDeployment;
import org.docex.testing.ServerProcess;
import org.junit.jupiter.api.Test;

/**
 * An MFA policy naming a role docex does not have ("Reviewer" for "reviewer") stops the start, as the
 * README's command runs it, with a log line naming the setting and the role: a policy that protects
 * nobody is not served.
 */
class MfaPolicyStartIT {

    private static final String REFUSAL = "DOCEX_MFA_REQUIRED_ROLES names an unknown role \"Reviewer\"";
    private static final Duration START_LIMIT = Duration.ofSeconds(180);

    @Test
    void anUnknownRoleStopsTheStartWithAMessageNamingIt() throws Exception {
        Path data = DocexDeployment.dataDir("mfa-policy-start-" + System.nanoTime());
        Files.createDirectories(data);
        Path log = data.resolve("server.log");
        Map<String, String> environment = Accounts.environment(Map.of("DOCEX_MFA_REQUIRED_ROLES", "Reviewer"));
        try (ServerProcess server = ServerProcess.launch(data, environment, log, ServerProcess.RUN_COMMAND_JVM_OPTIONS)) {
            Instant deadline = Instant.now().plus(START_LIMIT);
            while (!Files.readString(log).contains(REFUSAL) && server.isAlive() && Instant.now().isBefore(deadline)) {
                assertFalse(ready(server), "served with a policy that protects nobody");
                Thread.sleep(250);
            }
            assertTrue(Files.readString(log).contains(REFUSAL), "the log names the setting and the role; see " + log);
            // The server may go on running without docex, or exit: either way docex does not answer.
            Thread.sleep(2000);
            assertFalse(ready(server), "served with a policy that protects nobody");
        }
    }

    private static boolean ready(ServerProcess server) throws InterruptedException {
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.base().resolve("/health/ready"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException notAnswering) {
            return false;
        }
    }
}
