package org.docex.users.entity;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import org.docex.security.control.Role;

/** Stores roles by their API name, so renaming an enum constant never breaks stored rows. */
@Converter(autoApply = true)
public class RoleConverter implements AttributeConverter<Role, String> {

    @Override
    public String convertToDatabaseColumn(Role role) {
        return role == null ? null : role.id();
    }

    @Override
    public Role convertToEntityAttribute(String id) {
        return id == null ? null : Role.named(id).orElseThrow(() -> new IllegalStateException("Unknown stored role " + id));
    }
}
