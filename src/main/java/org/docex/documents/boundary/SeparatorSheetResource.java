package org.docex.documents.boundary;

import jakarta.annotation.security.PermitAll;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import org.docex.documents.control.BatchSplitter;
import org.docex.documents.control.ContentDisposition;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * docex's separator sheet, the same PDF for everyone and without signing in (it holds nothing but the
 * code), so that the workspace can offer it as a plain link a browser opens.
 */
@Path("documents/separator-sheet")
@ApplicationScoped
@PermitAll
@Tag(name = "Documents")
public class SeparatorSheetResource {

    private static final byte[] SHEET = BatchSplitter.sheet();

    @GET
    @Produces("application/pdf")
    @Operation(summary = "docex's separator sheet: print it and put it before each document of a batch scan uploaded with"
            + " split=separator (an A4 page with a QR code saying DOCEX-SEPARATOR); no sign-in needed")
    public Response sheet() {
        return Response.ok(SHEET.clone(), "application/pdf")
                .header("Content-Disposition", ContentDisposition.attachment("docex-separator-sheet.pdf"))
                .build();
    }
}
