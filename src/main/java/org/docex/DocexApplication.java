package org.docex;

import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;

/**
 * The REST application and its database.
 *
 * <p>The data source is configured by environment variable (MicroProfile Config): by default an
 * embedded H2 file database under {@code DOCEX_DATA_DIR}; {@code DB_CLASS}, {@code DB_URL},
 * {@code DB_USER} and {@code DB_PASSWORD} point the same WAR at PostgreSQL. The default
 * {@code DB_URL} is in microprofile-config.properties, where it can refer to {@code docex.data-dir}.
 */
@ApplicationPath("api")
@DataSourceDefinition(
        name = DocexApplication.DATA_SOURCE,
        className = "${MPCONFIG=DB_CLASS:org.h2.jdbcx.JdbcDataSource}",
        url = "${MPCONFIG=DB_URL}",
        user = "${MPCONFIG=DB_USER:docex}",
        password = "${MPCONFIG=DB_PASSWORD:docex}",
        minPoolSize = 2,
        maxPoolSize = 32,
        properties = {
                // Check a pooled connection before use, at most every 10 s: survives a database
                // restart without paying a round trip on every request.
                "fish.payara.is-connection-validation-required=true",
                "fish.payara.connection-validation-method=auto-commit",
                // No statement cache: with H2 the pool's cache hands out statements already closed.
                "fish.payara.validate-atmost-once-period-in-seconds=10"})
@OpenAPIDefinition(
        info = @Info(title = "docex", version = "1",
                description = "Document extraction: upload PDFs, extract data, review and commit it."),
        security = @SecurityRequirement(name = "bearer"))
@SecurityScheme(securitySchemeName = "bearer", type = SecuritySchemeType.HTTP, scheme = "bearer",
        bearerFormat = "JWT")
public class DocexApplication extends Application {

    public static final String DATA_SOURCE = "java:app/jdbc/docex";
}
