package org.docex;

import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.docex.persistence.ConfiguredDataSource;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;

/**
 * The REST application and its database.
 *
 * <p>The data source is {@link ConfiguredDataSource}, which reads {@code DB_CLASS}, {@code DB_URL},
 * {@code DB_USER} and {@code DB_PASSWORD} (MicroProfile Config): by default an embedded H2 file
 * database under {@code DOCEX_DATA_DIR}, PostgreSQL with the same WAR by setting them. The server
 * pools it; the definition carries no server's own properties or placeholders.
 */
@ApplicationPath("api")
@DataSourceDefinition(
        name = DocexApplication.DATA_SOURCE,
        className = "org.docex.persistence.ConfiguredDataSource",
        minPoolSize = 2,
        maxPoolSize = 32,
        // Connections idle for 5 minutes are closed, so a restarted database or a dropped
        // connection is not kept in the pool for long.
        maxIdleTime = 300)
@OpenAPIDefinition(
        info = @Info(title = "docex", version = "1",
                description = "Document extraction: upload PDFs, extract data, review and commit it."),
        security = @SecurityRequirement(name = "bearer"))
@SecurityScheme(securitySchemeName = "bearer", type = SecuritySchemeType.HTTP, scheme = "bearer",
        bearerFormat = "JWT")
public class DocexApplication extends Application {

    public static final String DATA_SOURCE = "java:app/jdbc/docex";
}
