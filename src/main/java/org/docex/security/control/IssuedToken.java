package org.docex.security.control;

/** A signed access token and how many seconds it stays valid. */
public record IssuedToken(String accessToken, long expiresIn) {
}
