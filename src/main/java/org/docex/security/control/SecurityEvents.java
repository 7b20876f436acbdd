package org.docex.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes security events (sign-ins, refusals, changes to accounts and secrets) to the logger
 * {@value #LOGGER} in the one format of {@link SecurityEventLine}, so an operator can route and
 * alert on them. Successes and changes are INFO, failures and refusals WARNING. Never pass a
 * password, code, token or secret: only who, what and from where.
 */
@ApplicationScoped
public class SecurityEvents {

    public static final String LOGGER = "docex.security";
    private static final Logger LOG = Logger.getLogger(LOGGER);

    @Inject
    HttpServletRequest request;

    public void success(String type, String... fields) {
        write(Level.INFO, type, fields);
    }

    public void failure(String type, String... fields) {
        write(Level.WARNING, type, fields);
    }

    private void write(Level level, String type, String... fields) {
        if (LOG.isLoggable(level)) {
            LOG.log(level, SecurityEventLine.format(type, clientAddress(), fields));
        }
    }

    /** The peer's address as the server saw it; a forwarding header is not trusted. */
    private String clientAddress() {
        try {
            return request.getRemoteAddr();
        } catch (RuntimeException noRequest) {
            return null;
        }
    }
}
