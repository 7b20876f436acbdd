package org.docex.intake.control;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.mail.Address;
import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.Flags;
import jakarta.mail.Folder;
import jakarta.mail.FolderClosedException;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.StoreClosedException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeUtility;
import jakarta.mail.search.FlagTerm;
import jakarta.ws.rs.WebApplicationException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.documents.control.DocumentSource;
import org.docex.documents.entity.Document;
import org.docex.extraction.control.Template;
import org.docex.persistence.DatabaseOutage;
import org.docex.schema.SchemaReady;
import org.docex.security.control.Caller;

/**
 * The mailbox ({@code DOCEX_MAIL_*}): every {@code DOCEX_MAIL_POLL_SECONDS} docex logs in to the IMAP
 * server, takes each mail's attachments that are documents (PDF, XML e-invoice, image: told by content,
 * as an upload is) as documents of {@code DOCEX_MAIL_USER_AS} with the mail's sender, subject, Message-ID
 * and time of receipt, starts their extraction, and moves the mail to the processed folder. A mail with
 * no such attachment, or beyond the limits, goes to the failed folder with the reason in an
 * {@value #REASON_HEADER} header of its copy there (and in the log).
 *
 * <p>Each attachment is stored under a key made of the mail's Message-ID (a digest of the whole mail
 * where it has none) and the attachment's place in it, which no other document has: a mail is
 * processed once, also where a node stopped between storing its documents and moving it (the next
 * look finds them stored and only moves it), where it arrives twice, or where two nodes read the same
 * mailbox (the second's store of the same key fails, and at its next look the mail is gone or done).
 * What such a stop can leave is a second copy of the mail in the processed folder, never a second
 * document. Mails the folder holds flagged as deleted are left alone and removed with the mails docex
 * moved: the folder is meant for docex alone.
 */
@ApplicationScoped
public class MailInbox {

    private static final Logger LOG = Logger.getLogger(MailInbox.class.getName());
    /** The header of a failed mail's copy that says why it failed. */
    public static final String REASON_HEADER = "X-Docex-Reason";
    /** Mails looked at per look; the next look takes the rest. */
    private static final int MAILS_PER_LOOK = 50;
    /** Nesting of multiparts followed at most, and body parts looked at per mail at most. */
    private static final int MAX_DEPTH = 10;
    private static final int MAX_PARTS = 500;
    private static final int MAX_REASON_CHARS = 900;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** Looks at which a mail that cannot be read is tried before it goes to the failed folder. */
    private static final int ATTEMPTS = 3;

    @Resource
    ManagedThreadFactory threadFactory;

    @Inject
    MailSettings settings;

    @Inject
    IntakeDocuments intake;

    @Inject
    MailToken tokens;

    /** Failed attempts per mail (by Message-ID) on this node. */
    private final Map<String, Integer> attempts = new ConcurrentHashMap<>();
    private final IntakeLooks looks = new IntakeLooks(LOG, "The mailbox waits: DOCEX_MAIL_USER_AS");

    /** A mail that cannot be taken as it is: it goes to the failed folder with this reason. */
    private static final class Refused extends Exception {
        Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    synchronized void onSchemaReady(@Observes SchemaReady ready) {
        Optional<String> host = settings.host();
        if (host.isEmpty()) {
            return;
        }
        Optional<String> problem = settings.problem()
                .or(() -> Template.named(settings.template()).isEmpty()
                        ? Optional.of("DOCEX_MAIL_TEMPLATE must be generic or invoice") : Optional.empty());
        if (problem.isPresent()) {
            LOG.severe(() -> "The mailbox on " + host.get() + " is not read: " + problem.get());
            return;
        }
        if (settings.security() == MailSettings.Security.NONE) {
            LOG.warning(() -> "The mailbox on " + host.get() + " is read without TLS (DOCEX_MAIL_SECURITY=none): its log-in"
                    + " and mail cross the network in the clear");
        }
        looks.start(threadFactory, settings.poll(), this::look);
        LOG.info(() -> "Reading the mailbox " + settings.user().get() + " on " + host.get() + ":" + settings.port() + " ("
                + settings.folder() + ") for documents of " + settings.userAs().get() + " (template " + settings.template() + ")");
    }

    @PreDestroy
    void stop() {
        looks.stop();
    }

    private void look() {
        try {
            Optional<Caller> caller = looks.caller(intake, settings.userAs().orElseThrow());
            if (caller.isEmpty()) {
                return;
            }
            Store store = connect();
            try {
                read(store, caller.get());
            } finally {
                store.close();
            }
        } catch (AuthenticationFailedException e) {
            tokens.forget();
            LOG.warning(() -> "The mailbox refused docex's log-in; trying again at the next look: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (MessagingException | IOException | RuntimeException e) {
            // The mail server, the database or the disk is away for a moment: the next look tries again, nothing is lost.
            LOG.log(Level.WARNING, "The mailbox could not be read; trying again at the next look", e);
        }
    }

    private Store connect() throws MessagingException, IOException, InterruptedException {
        MailSettings.Security security = settings.security();
        String protocol = security == MailSettings.Security.TLS ? "imaps" : "imap";
        String prefix = "mail." + protocol + ".";
        Properties properties = new Properties();
        String timeout = String.valueOf(TIMEOUT.toMillis());
        properties.setProperty(prefix + "connectiontimeout", timeout);
        properties.setProperty(prefix + "timeout", timeout);
        properties.setProperty(prefix + "writetimeout", timeout);
        if (security == MailSettings.Security.STARTTLS) {
            properties.setProperty(prefix + "starttls.enable", "true");
            properties.setProperty(prefix + "starttls.required", "true");
        }
        if (security != MailSettings.Security.NONE) {
            properties.setProperty(prefix + "ssl.checkserveridentity", "true");
        }
        String secret;
        if (settings.tokenUrl().isPresent()) {
            properties.setProperty(prefix + "auth.mechanisms", "XOAUTH2");
            secret = tokens.accessToken();
        } else {
            secret = settings.password().orElseThrow();
        }
        Store store = Session.getInstance(properties).getStore(protocol);
        store.connect(settings.host().orElseThrow(), settings.port(), settings.user().orElseThrow(), secret);
        return store;
    }

    private void read(Store store, Caller caller) throws MessagingException {
        Folder inbox = store.getFolder(settings.folder());
        inbox.open(Folder.READ_WRITE);
        try {
            Folder processed = existing(store, settings.processedFolder());
            Folder failed = existing(store, settings.failedFolder());
            // Mails flagged deleted (moved by an earlier look whose expunge did not happen) are not looked at again.
            Message[] waiting = inbox.search(new FlagTerm(new Flags(Flags.Flag.DELETED), false));
            boolean flagged = waiting.length < inbox.getMessageCount();
            try {
                for (int i = 0; i < Math.min(waiting.length, MAILS_PER_LOOK); i++) {
                    if (!waiting[i].isExpunged()) {
                        flagged |= takeOrFail(waiting[i], inbox, processed, failed, caller);
                    }
                }
            } finally {
                if (flagged) {
                    inbox.expunge();
                }
            }
        } finally {
            inbox.close(false);
        }
    }

    /**
     * Takes one mail; one that cannot be read (malformed, or an attachment that breaks docex) is tried at
     * {@value #ATTEMPTS} looks and then goes to the failed folder, so that it does not hold up the mails after it.
     * A lost connection, the database or the disk away, end the look without counting against the mail.
     */
    private boolean takeOrFail(Message mail, Folder inbox, Folder processed, Folder failed, Caller caller)
            throws MessagingException {
        String id = Optional.ofNullable(header(mail, "Message-ID")).orElse("#" + mail.getMessageNumber());
        try {
            boolean moved = take(mail, inbox, processed, failed, caller);
            attempts.remove(id);
            return moved;
        } catch (FolderClosedException | StoreClosedException gone) {
            throw gone;
        } catch (MessagingException | IOException | RuntimeException e) {
            if (DatabaseOutage.explains(e) || e instanceof FileSystemException) {
                // Not the mail's fault: the database or the disk is away. The look ends; the mail waits uncounted.
                throw new MessagingException("The database or the disk is away", e);
            }
            if (attempts.size() > 10_000) {
                attempts.clear();
            }
            int tried = attempts.merge(id, 1, Integer::sum);
            if (tried < ATTEMPTS) {
                LOG.log(Level.WARNING, "Could not take the mail " + id + " (attempt " + tried + " of " + ATTEMPTS
                        + "); trying again at the next look", e);
                return false;
            }
            attempts.remove(id);
            LOG.log(Level.WARNING, "Could not take the mail " + id + " at " + ATTEMPTS + " looks", e);
            String what = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return fail(mail, inbox, failed, "The mail could not be read: " + what, true);
        }
    }

    private static Folder existing(Store store, String name) throws MessagingException {
        Folder folder = store.getFolder(name);
        if (!folder.exists() && !folder.create(Folder.HOLDS_MESSAGES)) {
            throw new MessagingException("The mail folder " + name + " cannot be made");
        }
        return folder;
    }

    /** Takes one mail's documents and moves it on; false where it stays for the next look (a passing fault). */
    private boolean take(Message mail, Folder inbox, Folder processed, Folder failed, Caller caller)
            throws MessagingException, IOException {
        String messageId = header(mail, "Message-ID");
        if (mail.getSize() > settings.maxMessageBytes()) {
            return fail(mail, inbox, failed, "The mail is larger than DOCEX_MAIL_MAX_MESSAGE_MB ("
                    + settings.maxMessageBytes() / (1024 * 1024) + " MB)", false);
        }
        List<Part> attachments;
        try {
            attachments = attachments(mail);
        } catch (Refused refused) {
            return fail(mail, inbox, failed, refused.getMessage(), true);
        }
        String base = "mail:" + sha256(messageId != null ? "id:" + messageId : "mail:" + digest(mail));
        String from = from(mail);
        String subject = mail.getSubject();
        Instant received = mail.getReceivedDate() == null ? null : mail.getReceivedDate().toInstant();
        List<String> refusals = new ArrayList<>();
        List<Document> taken = new ArrayList<>();
        for (int i = 0; i < attachments.size(); i++) {
            Part part = attachments.get(i);
            String filename = filename(part, i);
            Path spooled = Files.createTempFile("docex-mail-", ".part");
            try {
                // The key holds the attachment's digest too: a different mail under a Message-ID seen before (a broken
                // mailer's, or a forged one) is taken as itself, a mail delivered again is not.
                String digest = spool(part, spooled);
                DocumentSource source = DocumentSource.mail(base + "#" + i + "-" + digest, from, subject, messageId, received);
                taken.addAll(intake.take(() -> Files.newInputStream(spooled), filename, source, caller, settings.template(),
                        settings.split()));
            } catch (WebApplicationException refused) {
                Optional<String> reason = IntakeDocuments.refusal(refused);
                if (reason.isPresent()) {
                    refusals.add(filename + ": " + reason.get());
                } else if (refused.getResponse() != null && (refused.getResponse().getStatus() == 429
                        || refused.getResponse().getStatus() == 503)) {
                    LOG.log(Level.INFO, "Could not take the mail " + messageId + " yet (busy, or the database is away);"
                            + " trying again", refused);
                    return false;
                } else {
                    throw new IOException(filename + ": " + refused.getMessage(), refused);
                }
            } finally {
                Files.deleteIfExists(spooled);
            }
        }
        if (taken.isEmpty()) {
            return fail(mail, inbox, failed, attachments.isEmpty() ? "The mail has no attachment"
                    : "No attachment is a document docex takes (a PDF, an XML e-invoice, an image). " + String.join("; ", refusals),
                    true);
        }
        inbox.copyMessages(new Message[] {mail}, processed);
        mail.setFlag(Flags.Flag.DELETED, true);
        LOG.info(() -> "Took " + taken.size() + " document(s) from the mail " + messageId + " ("
                + taken.stream().map(d -> d.id().toString()).toList() + ")"
                + (refusals.isEmpty() ? "" : "; left out: " + String.join("; ", refusals)));
        return true;
    }

    /**
     * Moves the mail to the failed folder: a copy with the reason in a header where the mail was read, else (too
     * large to be read) the mail as it is.
     */
    private boolean fail(Message mail, Folder inbox, Folder failed, String reason, boolean read)
            throws MessagingException {
        String said = reason.length() > MAX_REASON_CHARS ? reason.substring(0, MAX_REASON_CHARS) + "..." : reason;
        if (!read || !(mail instanceof MimeMessage mime) || !appendWithReason(mime, failed, said)) {
            inbox.copyMessages(new Message[] {mail}, failed);
        }
        mail.setFlag(Flags.Flag.DELETED, true);
        LOG.info(() -> "Moved the mail " + header(mail, "Message-ID") + " to " + failed.getFullName() + ": " + said);
        return true;
    }

    /** Appends a copy of the mail with the reason in a header; false where the mail cannot be copied (malformed). */
    private static boolean appendWithReason(MimeMessage mail, Folder failed, String reason) throws MessagingException {
        MimeMessage copy;
        try {
            // The copy keeps the mail's bytes (its headers, Message-ID and parts as they came) with the reason added.
            copy = new MimeMessage(mail);
            copy.setHeader(REASON_HEADER, MimeUtility.fold(REASON_HEADER.length() + 2,
                    MimeUtility.encodeText(reason, "UTF-8", null)));
        } catch (MessagingException | UnsupportedEncodingException | RuntimeException unreadable) {
            return false;
        }
        failed.appendMessages(new Message[] {copy});
        return true;
    }

    /** The mail's parts that may be documents: attachments, and parts with a file name or a document's type. */
    private List<Part> attachments(Message mail) throws MessagingException, IOException, Refused {
        List<Part> found = new ArrayList<>();
        walk(mail, 0, found, new int[] {0});
        if (found.size() > settings.maxAttachments()) {
            throw new Refused("The mail has more than DOCEX_MAIL_MAX_ATTACHMENTS (" + settings.maxAttachments()
                    + ") attachments");
        }
        return found;
    }

    private static void walk(Part part, int depth, List<Part> found, int[] parts)
            throws MessagingException, IOException, Refused {
        if (++parts[0] > MAX_PARTS || depth > MAX_DEPTH) {
            throw new Refused("The mail has more than " + MAX_PARTS + " parts, or parts nested deeper than " + MAX_DEPTH);
        }
        if (part.isMimeType("multipart/*")) {
            if (part.getContent() instanceof Multipart multipart) {
                for (int i = 0; i < multipart.getCount(); i++) {
                    walk(multipart.getBodyPart(i), depth + 1, found, parts);
                }
            }
            return;
        }
        if (isAttachment(part)) {
            found.add(part);
        }
    }

    private static boolean isAttachment(Part part) throws MessagingException {
        String type = part.getContentType() == null ? "" : part.getContentType().toLowerCase(Locale.ROOT);
        boolean attached = Part.ATTACHMENT.equalsIgnoreCase(part.getDisposition());
        if (!attached && type.startsWith("image/") && part.getHeader("Content-ID") != null) {
            // A picture the mail's HTML shows (a signature's logo), not a document sent.
            return false;
        }
        if (attached || part.getFileName() != null) {
            return true;
        }
        return type.startsWith("application/pdf") || type.startsWith("application/xml") || type.startsWith("image/")
                || type.startsWith("application/octet-stream");
    }

    /** Copies the attachment's decoded bytes to {@code file}; answers their SHA-256. */
    private static String spool(Part part, Path file) throws IOException, MessagingException {
        MessageDigest sha = sha();
        try (InputStream in = new DigestInputStream(part.getInputStream(), sha)) {
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** The attachment's file name (RFC 2231 and RFC 2047 forms decoded), or one made of its place in the mail. */
    private static String filename(Part part, int index) throws MessagingException {
        String name = part.getFileName();
        if (name != null && name.contains("=?")) {
            try {
                name = MimeUtility.decodeText(name);
            } catch (UnsupportedEncodingException e) {
                // An unknown charset: the name stays as written.
            }
        }
        return name == null || name.isBlank() ? "attachment-" + (index + 1) : name;
    }

    private static String from(Message mail) {
        try {
            Address[] from = mail.getFrom();
            if (from == null || from.length == 0) {
                return null;
            }
            return from[0] instanceof InternetAddress address ? address.toUnicodeString() : from[0].toString();
        } catch (MessagingException malformed) {
            return header(mail, "From");
        }
    }

    private static String header(Message mail, String name) {
        try {
            String[] values = mail.getHeader(name);
            return values == null || values.length == 0 || values[0].isBlank() ? null : values[0].strip();
        } catch (MessagingException e) {
            return null;
        }
    }

    /** A digest of the whole mail, as it is stored, for a mail without a Message-ID. */
    private static String digest(Message mail) throws MessagingException, IOException {
        MessageDigest sha = sha();
        try (OutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), sha)) {
            mail.writeTo(out);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static String sha256(String text) {
        return HexFormat.of().formatHex(sha().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static MessageDigest sha() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
