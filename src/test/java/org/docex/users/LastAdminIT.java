package org.docex.users;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.DocexDeployment;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * The rule that one active admin remains holds when admins demote or deactivate each other at the
 * same moment. A deployment of its own: the test demotes the first admin, whom other tests sign in as.
 */
class LastAdminIT extends BlackBoxTest {

    private static final int ROUNDS = 12;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return DocexDeployment.war("last-admin", Accounts.settings());
    }

    @Test
    void adminsDemotingEachOtherAtOnceAlwaysLeaveOneAdmin() throws Exception {
        List<Admin> admins = new ArrayList<>();
        admins.add(new Admin(api().as(accounts().adminToken()).get("/api/users/me").json().getString("id"),
                Accounts.ADMIN_EMAIL, Accounts.ADMIN_PASSWORD, accounts().adminToken()));
        for (int i = 0; i < 2; i++) {
            Accounts.Account created = accounts().create("admin");
            admins.add(new Admin(created.id(), created.email(), created.password(),
                    accounts().login(created.email(), created.password())));
        }
        leaveOnlyThese(admins);
        ExecutorService pool = Executors.newFixedThreadPool(admins.size());
        try {
            for (int round = 1; round <= ROUNDS; round++) {
                JsonObject change = round % 2 == 0 ? Json.createObjectBuilder().add("active", false).build()
                        : Json.createObjectBuilder().add("role", "analyst").build();
                List<Integer> statuses = eachDemotesTheNext(pool, admins, change);
                List<Admin> remaining = admins.stream().filter(this::isActiveAdmin).toList();
                assertFalse(remaining.isEmpty(), "round " + round + ": answers " + statuses + " left no active admin");
                admins = restore(admins, remaining.get(0));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Deactivates every other active admin (a database shared with other test classes may hold some). */
    private void leaveOnlyThese(List<Admin> admins) {
        Api admin = api().as(admins.get(0).token());
        List<String> ring = admins.stream().map(Admin::id).toList();
        for (int offset = 0; ; offset += 200) {
            JsonObject page = admin.get("/api/users?limit=200&offset=" + offset).json();
            for (JsonObject user : page.getJsonArray("items").getValuesAs(JsonObject.class)) {
                if (user.getString("role").equals("admin") && user.getBoolean("active") && !ring.contains(user.getString("id"))) {
                    assertEquals(200, admin.patch("/api/users/" + user.getString("id"),
                            Json.createObjectBuilder().add("active", false).build()).status());
                }
            }
            if (offset + 200 >= page.getInt("total")) {
                return;
            }
        }
    }

    private List<Integer> eachDemotesTheNext(ExecutorService pool, List<Admin> admins, JsonObject change)
            throws Exception {
        CyclicBarrier together = new CyclicBarrier(admins.size());
        List<Future<ApiResponse>> answers = new ArrayList<>();
        for (int i = 0; i < admins.size(); i++) {
            Api actor = api().withOwnConnection().as(admins.get(i).token());
            String target = admins.get((i + 1) % admins.size()).id();
            answers.add(pool.submit(() -> {
                together.await();
                return actor.patch("/api/users/" + target, change);
            }));
        }
        List<Integer> statuses = new ArrayList<>();
        for (Future<ApiResponse> answer : answers) {
            ApiResponse response = answer.get(60, TimeUnit.SECONDS);
            // 401: the actor was demoted by another admin of the round before their request was read.
            assertTrue(List.of(200, 401, 409).contains(response.status()), response.toString());
            statuses.add(response.status());
        }
        return statuses;
    }

    private boolean isActiveAdmin(Admin admin) {
        ApiResponse me = api().as(admin.token()).get("/api/users/me");
        return me.status() == 200 && me.json().getString("role").equals("admin") && me.json().getBoolean("active");
    }

    /** The remaining admin makes the others active admins again; they sign in anew (the change ended their sessions). */
    private List<Admin> restore(List<Admin> admins, Admin survivor) {
        List<Admin> restored = new ArrayList<>();
        for (Admin admin : admins) {
            if (admin.id().equals(survivor.id()) || isActiveAdmin(admin)) {
                restored.add(admin);
                continue;
            }
            ApiResponse back = api().as(survivor.token()).patch("/api/users/" + admin.id(),
                    Json.createObjectBuilder().add("role", "admin").add("active", true).build());
            assertEquals(200, back.status(), back.body());
            restored.add(new Admin(admin.id(), admin.email(), admin.password(),
                    accounts().login(admin.email(), admin.password())));
        }
        return restored;
    }

    private record Admin(String id, String email, String password, String token) {
    }
}
