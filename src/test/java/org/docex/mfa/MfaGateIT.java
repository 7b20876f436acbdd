package org.docex.mfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.docex.build.MultipartForm;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.Pdfs;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.junit.jupiter.api.Test;

/**
 * A token that has not passed the second factor gets nothing but what the gate lets through, on
 * every route the OpenAPI document lists (so a new route is walked without changing this test), with
 * every method the route has, HEAD and OPTIONS included.
 */
@SharedServer(ServerGroup.STRICT)
class MfaGateIT extends BlackBoxTest {

    private static final String LOGIN = "/api/users/login";
    /** Left alone: the walk needs the token afterwards. */
    private static final String LOGOUT = "POST /api/users/logout";
    private static final Set<String> BEFORE_MFA = Set.of("GET /api/users/me", "HEAD /api/users/me",
            "POST /api/users/mfa/challenge", LOGOUT);
    private static final Set<String> BEFORE_ENROLMENT = Set.of("GET /api/users/me", "HEAD /api/users/me",
            "POST /api/users/mfa/setup", "POST /api/users/mfa/verify", LOGOUT);

    @Test
    void theLoginTokenOfAnAdminWithMfaReachesNothingButTheChallengeAndMe() {
        Account admin = accounts().signedIn("admin");
        new MfaClient(api()).enrol(admin);
        String loginToken = accounts().login(admin.email(), admin.password());

        List<String> leaks = walk(api().as(loginToken), BEFORE_MFA);

        assertTrue(leaks.isEmpty(), "answered without the second factor: " + leaks);
        assertEquals(200, api().as(loginToken).get("/api/users/me").status());
    }

    @Test
    void aReviewerWhoMustEnrolReachesNothingButEnrolmentAndMe() {
        Account reviewer = accounts().signedIn("reviewer");

        List<String> leaks = walk(api().as(reviewer.token()), BEFORE_ENROLMENT);

        assertTrue(leaks.isEmpty(), "answered before enrolment: " + leaks);
        assertEquals(200, api().as(reviewer.token()).get("/api/users/me").status());
    }

    /** Every operation but the allowed ones, called with a body of the type it takes; the answers that are not refusals. */
    private List<String> walk(Api api, Set<String> allowed) {
        JsonObject paths = openApi().getJsonObject("paths");
        List<String> leaks = new ArrayList<>();
        int walked = 0;
        for (String path : paths.keySet()) {
            if (!path.startsWith("/api/") || path.equals(LOGIN)) {
                continue;
            }
            JsonObject operations = paths.getJsonObject(path);
            Set<String> methods = new java.util.TreeSet<>();
            for (String method : List.of("get", "post", "put", "patch", "delete")) {
                if (operations.containsKey(method)) {
                    methods.add(method.toUpperCase(java.util.Locale.ROOT));
                }
            }
            if (methods.contains("GET")) {
                methods.add("HEAD");
            }
            methods.add("OPTIONS");
            for (String method : methods) {
                String operation = method + " " + path;
                if (allowed.contains(operation)) {
                    continue;
                }
                JsonObject described = operations.getJsonObject(method.equals("HEAD") ? "get"
                        : method.toLowerCase(java.util.Locale.ROOT));
                ApiResponse answer = call(api, method, concrete(path), described);
                walked++;
                if (!refused(method, answer)) {
                    leaks.add(operation + " -> " + answer);
                }
            }
        }
        assertTrue(walked > 40, "the OpenAPI document lists the API (" + walked + " operations walked)");
        return leaks;
    }

    private JsonObject openApi() {
        ApiResponse document = api().send(api().request("/openapi").header("Accept", "application/json").GET());
        assertEquals(200, document.status(), document.body());
        return document.json();
    }

    private static boolean refused(String method, ApiResponse answer) {
        if (answer.status() != 401 && answer.status() != 403) {
            return false;
        }
        return method.equals("HEAD") || answer.json().containsKey("detail");
    }

    private static String concrete(String path) {
        return path.replaceAll("\\{(n|number)}", "1").replaceAll("\\{[^}]+}", UUID.randomUUID().toString());
    }

    /** The request a client of the route would send, so that it reaches the route and not a media-type refusal. */
    private static ApiResponse call(Api api, String method, String path, JsonObject operation) {
        String type = requestType(operation);
        HttpRequest.Builder request = api.request(path);
        if (type == null) {
            return api.send(request.method(method, HttpRequest.BodyPublishers.noBody()));
        }
        byte[] body = switch (type) {
            case "multipart/form-data" -> MultipartForm.filePart("walk", "file", "walk.pdf", Pdfs.text("Walk", "Hello"));
            case "application/x-www-form-urlencoded" -> "code=123456".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            default -> "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        };
        String contentType = type.equals("multipart/form-data") ? type + "; boundary=walk" : type;
        return api.send(request.header("Content-Type", contentType).method(method, HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    private static String requestType(JsonObject operation) {
        if (operation == null || !operation.containsKey("requestBody")) {
            return null;
        }
        JsonObject content = operation.getJsonObject("requestBody").getJsonObject("content");
        return content == null || content.isEmpty() ? "application/json" : content.keySet().iterator().next();
    }
}
