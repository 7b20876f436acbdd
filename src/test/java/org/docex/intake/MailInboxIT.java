package org.docex.intake;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.json.JsonObject;
import jakarta.mail.Folder;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import jakarta.mail.internet.MimeUtility;
import jakarta.mail.util.ByteArrayDataSource;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.DocexDeployment;
import org.docex.testing.ImageFiles;
import org.docex.testing.Dovecot;
import org.docex.testing.Pdfs;
import org.docex.testing.Keycloak;
import org.docex.testing.ServerProcess;
import org.junit.jupiter.api.Test;

/**
 * The mailbox, as an operator sets it up, against a real IMAP server (Dovecot) on loopback: a mail's
 * PDF and XML e-invoice attachments become documents of the configured user showing the mail's sender,
 * subject, Message-ID and time of receipt, with an extraction started, and the mail moves to the
 * processed folder; mails without a document, or beyond the limits, move to the failed folder with
 * their reason in a header; a mail that arrives again with the same Message-ID (as one a stopped node
 * had stored but not moved) is not taken twice across a restart. After the restart docex reads the mailbox over TLS,
 * signed in by OAuth2 (SASL XOAUTH2) with a token from a real provider's token endpoint (Keycloak), which Dovecot
 * checks with the provider.
 */
class MailInboxIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String PROCESSED = "docex-processed";
    private static final String FAILED = "docex-failed";

    @Test
    void mailsAttachmentsBecomeDocumentsOnceEach() throws Exception {
        assumeTrue(Dovecot.unavailable().isEmpty(), () -> Dovecot.unavailable().get());
        assumeTrue(Keycloak.unavailable().isEmpty(), () -> Keycloak.unavailable().get());
        Path data = Files.createDirectories(DocexDeployment.dataDir("mail-" + System.nanoTime()));
        // The OAuth2 provider of the restart below starts while the first server runs.
        try (Keycloak provider = Keycloak.launch(data);
             Dovecot imap = Dovecot.start(Optional.of(provider.userinfoUrl()))) {
            Path log = data.resolve("server.log");
            Map<String, String> environment = Accounts.environment(Map.of("DOCEX_MAIL_HOST", imap.host(),
                    "DOCEX_MAIL_PORT", String.valueOf(imap.port()), "DOCEX_MAIL_SECURITY", "starttls",
                    "DOCEX_MAIL_USER", Dovecot.USER, "DOCEX_MAIL_PASSWORD", Dovecot.PASSWORD,
                    "DOCEX_MAIL_USER_AS", Accounts.ADMIN_EMAIL, "DOCEX_MAIL_POLL_SECONDS", "0.5",
                    "DOCEX_MAIL_MAX_ATTACHMENTS", "3", "DOCEX_MAIL_SPLIT", "suggest"));
            byte[] invoice = Pdfs.text("Invoice by mail", "Invoice No.: M-2026-1", "Total: 119.00 EUR");
            byte[] xml;
            try (InputStream in = MailInboxIT.class.getResourceAsStream("/einvoices/peppol-bis-3/base-example.xml")) {
                xml = in.readAllBytes();
            }
            Session mail = Session.getInstance(new Properties());
            MimeMessage withInvoice = mail(mail, "<m-2026-1@vendor.example>", "Rechnung M-2026-1 für März",
                    attachment("invoice.pdf", "application/pdf", invoice),
                    // Sent as an octet stream under a name that says nothing: taken by its content.
                    attachment("m-2026-1-data.bin", "application/octet-stream", xml),
                    attachment("notes.txt", "text/plain", "Terms and conditions".getBytes(StandardCharsets.UTF_8)),
                    // The signature's logo, shown by the mail's HTML: no document.
                    inline("logo.png", ImageFiles.png(40, 20)));
            MimeMessage bodyOnly = mail(mail, "<hello@vendor.example>", "Just saying hello");
            MimeMessage wordOnly = mail(mail, "<word@vendor.example>", "A letter",
                    attachment("letter.doc", "application/msword", "Not a document docex takes".getBytes(StandardCharsets.UTF_8)));
            MimeMessage tooMany = mail(mail, "<many@vendor.example>", "Four at once",
                    attachment("a.pdf", "application/pdf", Pdfs.text("A")), attachment("b.pdf", "application/pdf", Pdfs.text("B")),
                    attachment("c.pdf", "application/pdf", Pdfs.text("C")), attachment("d.pdf", "application/pdf", Pdfs.text("D")));
            MimeMessage batch;
            // The server's JVM trusts the IMAP server's certificate (STARTTLS here, TLS after the restart).
            List<String> trusting = new ArrayList<>(ServerProcess.RUN_COMMAND_JVM_OPTIONS);
            trusting.addAll(imap.trustingJvmOptions());
            try (ServerProcess server = ServerProcess.start(data, environment, log, trusting)) {
                Api api = server.api().as(new Accounts(server.api()).adminToken());
                // A scanner's batch with docex's separator sheet after the first invoice, cut in two (DOCEX_MAIL_SPLIT);
                // the second part holds two invoices, which docex proposes to split (suggest).
                byte[] sheet = server.api().get("/api/documents/separator-sheet").bytes();
                batch = mail(mail, "<scan-7@scanner.example>", "Scan from the office scanner", attachment("scan.pdf",
                        "application/pdf", Pdfs.joined(Pdfs.text("Scan", "Invoice S-1"), sheet, Pdfs.withPages("Scan",
                        new String[] {"Invoice No: S-2", "Total: 20.00 EUR"}, new String[] {"Invoice No: S-3", "Total: 30.00 EUR"}))));
                // A mail whose attachment cannot be decoded (cut-off base64): tried at three looks, then failed, and the
                // mails after it are taken meanwhile.
                MimeMessage broken = new MimeMessage(mail, new java.io.ByteArrayInputStream(String.join("\r\n",
                        "From: Anna Vendor <anna@vendor.example>", "Subject: Broken", "Message-ID: <broken@vendor.example>",
                        "MIME-Version: 1.0", "Content-Type: multipart/mixed; boundary=\"b1\"", "", "--b1",
                        "Content-Type: text/plain", "", "Attached.", "--b1", "Content-Type: application/pdf; name=\"broken.pdf\"",
                        "Content-Disposition: attachment; filename=\"broken.pdf\"", "Content-Transfer-Encoding: base64", "",
                        "JVBERi0xLjQKA", "--b1--", "").getBytes(StandardCharsets.US_ASCII)));
                append(imap, "INBOX", broken, withInvoice, bodyOnly, wordOnly, tooMany, batch);
                await(() -> count(imap, "INBOX") == 0 && count(imap, PROCESSED) == 2 && count(imap, FAILED) == 4,
                        "every mail moved on; see " + log);
                assertEquals("<scan-7@scanner.example>", only(api, "scan (page 1).pdf").getJsonObject("source").getString("message_id"));
                assertEquals("[[1,1],[2,2]]", only(api, "scan (pages 3-4).pdf").getJsonArray("proposed_splits").toString());

                JsonObject document = only(api, "invoice.pdf");
                JsonObject source = document.getJsonObject("source");
                assertEquals("mail", source.getString("channel"));
                assertEquals("Anna Vendor <anna@vendor.example>", source.getString("from"));
                assertEquals("Rechnung M-2026-1 für März", source.getString("subject"));
                assertEquals("<m-2026-1@vendor.example>", source.getString("message_id"));
                Instant received = Instant.parse(source.getString("received_at"));
                assertTrue(Duration.between(received, Instant.now()).abs().compareTo(Duration.ofMinutes(10)) < 0, received::toString);
                assertEquals(Accounts.ADMIN_EMAIL, document.getString("uploaded_by"));
                assertArrayEquals(invoice, api.get("/api/documents/" + document.getString("id") + "/content").bytes());
                JsonObject extracted = WorkflowPolling.awaitEnd(api, document.getJsonObject("latest_workflow").getString("id"), WAIT);
                assertEquals("invoice", extracted.getString("template"));
                assertEquals("extracted", extracted.getString("status"));

                JsonObject einvoice = only(api, "m-2026-1-data.bin");
                assertEquals("application/xml", einvoice.getString("content_type"));
                assertEquals("<m-2026-1@vendor.example>", einvoice.getJsonObject("source").getString("message_id"));
                assertEquals(List.of(), find(api, "notes.txt"), "a text file is not a document");
                assertEquals(List.of(), find(api, "a.pdf"), "nothing of a mail beyond the limits is taken");

                Map<String, String> reasons = reasons(imap);
                assertEquals("The mail has no attachment", reasons.get("<hello@vendor.example>"));
                assertTrue(reasons.get("<word@vendor.example>").startsWith("No attachment is a document docex takes")
                        && reasons.get("<word@vendor.example>").contains("letter.doc"), reasons::toString);
                assertEquals("The mail has more than DOCEX_MAIL_MAX_ATTACHMENTS (3) attachments", reasons.get("<many@vendor.example>"));
                assertTrue(reasons.get("<broken@vendor.example>").startsWith("The mail could not be read"), reasons::toString);
                assertEquals(List.of(), find(api, "logo.png"), "an inline picture is no document");
                assertEquals(List.of(), find(api, "broken.pdf"));
                // The test's own connections are plain; docex's password log-in went over STARTTLS.
                assertTrue(Files.readString(imap.log()).lines().anyMatch(line -> line.contains("Login: user=<" + Dovecot.USER + ">")
                        && line.contains("method=PLAIN") && line.contains(", TLS")), "docex logged in after STARTTLS");
                server.stop(false);
            }

            // The same mail again, as a node leaves it that stopped after storing its documents and before moving it
            // (or as a mail delivered twice), and a new one: after the restart the first is moved on untaken.
            byte[] second = Pdfs.text("Second invoice by mail", "Invoice No.: M-2026-2");
            // A different mail under the same Message-ID (a mailer that reuses them) is taken as itself.
            byte[] corrected = Pdfs.text("Corrected invoice", "Invoice No.: M-2026-1a");
            append(imap, "INBOX", new MimeMessage(withInvoice), new MimeMessage(batch),
                    mail(mail, "<m-2026-1@vendor.example>", "Corrected", attachment("corrected.pdf", "application/pdf", corrected)),
                    mail(mail, "<m-2026-2@vendor.example>", "Invoice M-2026-2", attachment("second.pdf", "application/pdf", second)));
            // Restarted reading the mailbox over TLS (the default), the certificate checked against the trust store
            // the server's JVM is given and against the host name, signed in by OAuth2 (SASL XOAUTH2) with a token
            // from Keycloak's token endpoint (client credentials), which Dovecot checks with Keycloak's userinfo endpoint.
            Map<String, String> overTls = new java.util.HashMap<>(environment);
            overTls.put("DOCEX_MAIL_PORT", String.valueOf(imap.tlsPort()));
            overTls.remove("DOCEX_MAIL_SECURITY"); // tls
            overTls.remove("DOCEX_MAIL_PASSWORD");
            overTls.put("DOCEX_MAIL_OAUTH_TOKEN_URL", provider.tokenUrl());
            overTls.put("DOCEX_MAIL_OAUTH_CLIENT_ID", Keycloak.MAIL_CLIENT);
            overTls.put("DOCEX_MAIL_OAUTH_CLIENT_SECRET", Keycloak.MAIL_CLIENT_SECRET);
            overTls.put("DOCEX_MAIL_OAUTH_SCOPE", "openid");
            provider.awaitReady();
            try (ServerProcess server = ServerProcess.start(data, overTls, log, trusting)) {
                Api api = server.api().as(new Accounts(server.api()).adminToken());
                await(() -> count(imap, "INBOX") == 0 && count(imap, PROCESSED) == 6, "the mails moved on after the restart");
                assertTrue(Files.readString(imap.log()).lines().anyMatch(line -> line.contains("Login: user=<" + Dovecot.USER + ">")
                        && line.contains("method=XOAUTH2") && line.contains(", TLS")), "docex signed in by XOAUTH2 over TLS");
                assertArrayEquals(corrected, api.get("/api/documents/" + only(api, "corrected.pdf").getString("id") + "/content")
                        .bytes());
                assertArrayEquals(second, api.get("/api/documents/" + only(api, "second.pdf").getString("id") + "/content").bytes());
                only(api, "invoice.pdf");
                only(api, "m-2026-1-data.bin");
                only(api, "scan (page 1).pdf");
                only(api, "scan (pages 3-4).pdf");
            }
        }
    }

    private static MimeMessage mail(Session session, String messageId, String subject, MimeBodyPart... attachments)
            throws Exception {
        MimeMessage message = new MimeMessage(session) {
            @Override
            protected void updateMessageID() throws MessagingException {
                setHeader("Message-ID", messageId);
            }
        };
        message.setFrom(new InternetAddress("anna@vendor.example", "Anna Vendor"));
        message.setRecipients(Message.RecipientType.TO, "invoices@buyer.example");
        message.setSubject(subject, "UTF-8");
        message.setSentDate(new Date());
        MimeMultipart content = new MimeMultipart();
        MimeBodyPart body = new MimeBodyPart();
        body.setText("Please find attached.", "UTF-8");
        content.addBodyPart(body);
        for (MimeBodyPart attachment : attachments) {
            content.addBodyPart(attachment);
        }
        message.setContent(content);
        message.saveChanges();
        return message;
    }

    private static MimeBodyPart attachment(String filename, String type, byte[] content) throws Exception {
        MimeBodyPart part = new MimeBodyPart();
        part.setDataHandler(new jakarta.activation.DataHandler(new ByteArrayDataSource(content, type)));
        part.setFileName(filename);
        part.setDisposition(MimeBodyPart.ATTACHMENT);
        return part;
    }

    /** A picture the mail's HTML shows: inline, with a Content-ID. */
    private static MimeBodyPart inline(String filename, byte[] png) throws Exception {
        MimeBodyPart part = attachment(filename, "image/png", png);
        part.setDisposition(MimeBodyPart.INLINE);
        part.setContentID("<logo@vendor.example>");
        return part;
    }

    private static Store connect(Dovecot imap) throws MessagingException {
        Store store = Session.getInstance(new Properties()).getStore("imap");
        store.connect(imap.host(), imap.port(), Dovecot.USER, Dovecot.PASSWORD);
        return store;
    }

    private static void append(Dovecot imap, String folder, MimeMessage... messages) throws MessagingException {
        try (Store store = connect(imap)) {
            store.getFolder(folder).appendMessages(messages);
        }
    }

    private static int count(Dovecot imap, String name) {
        try (Store store = connect(imap)) {
            Folder folder = store.getFolder(name);
            return folder.exists() ? folder.getMessageCount() : -1;
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The reason of each mail in the failed folder, by Message-ID. */
    private static Map<String, String> reasons(Dovecot imap) throws Exception {
        Map<String, String> reasons = new java.util.HashMap<>();
        try (Store store = connect(imap)) {
            Folder failed = store.getFolder(FAILED);
            failed.open(Folder.READ_ONLY);
            for (Message message : failed.getMessages()) {
                String reason = message.getHeader("X-Docex-Reason")[0];
                reasons.put(message.getHeader("Message-ID")[0], MimeUtility.decodeText(MimeUtility.unfold(reason)));
            }
            failed.close(false);
        }
        return reasons;
    }

    private static List<JsonObject> find(Api api, String filename) {
        String q = java.net.URLEncoder.encode(filename, StandardCharsets.UTF_8);
        return new ArrayList<>(api.get("/api/documents/list?q=" + q + "&limit=100").json().getJsonArray("items")
                .getValuesAs(JsonObject.class).stream().filter(item -> item.getString("filename").equals(filename)).toList());
    }

    private static JsonObject only(Api api, String filename) {
        List<JsonObject> found = find(api, filename);
        assertEquals(1, found.size(), filename + ": " + found);
        assertFalse(found.get(0).isNull("latest_workflow"), filename + " has an extraction");
        return found.get(0);
    }

    private interface Condition {
        boolean holds() throws Exception;
    }

    private static void await(Condition condition, String what) throws Exception {
        Instant deadline = Instant.now().plus(WAIT);
        while (!condition.holds()) {
            assertTrue(Instant.now().isBefore(deadline), what);
            Thread.sleep(300);
        }
    }
}
