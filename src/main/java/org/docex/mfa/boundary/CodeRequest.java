package org.docex.mfa.boundary;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** A six-digit TOTP code, or (where the endpoint takes one) a recovery code. */
public record CodeRequest(@NotBlank @Size(max = 64) String code) {
}
