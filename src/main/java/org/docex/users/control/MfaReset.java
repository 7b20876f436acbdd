package org.docex.users.control;

import org.docex.users.entity.User;

/**
 * An admin reset the user's multi-factor authentication: it is to be turned off, the user's sessions
 * ended. Fired synchronously inside the admin's transaction: observers run in that transaction,
 * before it commits.
 */
public record MfaReset(User user) {
}
