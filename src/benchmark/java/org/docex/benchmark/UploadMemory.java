package org.docex.benchmark;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentNameDictionary;
import org.apache.pdfbox.pdmodel.PDEmbeddedFilesNameTreeNode;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.filespecification.PDComplexFileSpecification;
import org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile;
import org.docex.testing.Api;
import org.docex.testing.Uploads;

/** Concurrent large uploads against a server with a small heap: all must be accepted. */
final class UploadMemory {

    static final long FILE_BYTES = 50L * 1024 * 1024 - 256 * 1024;

    private UploadMemory() {
    }

    /** How many of {@code clients} concurrent uploads of a 50 MiB PDF were accepted. */
    static int uploadConcurrently(Api api, Path pdf, int clients) throws Exception {
        byte[] bytes = Files.readAllBytes(pdf);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<Integer>> uploads = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            int n = i;
            uploads.add(pool.submit(() -> Uploads.upload(api.withOwnConnection(), "large-" + n + ".pdf", bytes).status()));
        }
        int accepted = 0;
        for (Future<Integer> upload : uploads) {
            accepted += upload.get() == 201 ? 1 : 0;
        }
        pool.shutdown();
        return accepted;
    }

    /** A valid one-page PDF of about 50 MiB: most of it an embedded file of random (incompressible) bytes. */
    static Path largePdf(Path directory) throws IOException {
        Path file = directory.resolve("large-50MiB.pdf");
        if (Files.exists(file)) {
            return file;
        }
        Files.createDirectories(directory);
        Path payload = directory.resolve("payload.bin");
        try (OutputStream out = Files.newOutputStream(payload)) {
            Random random = new Random(1);
            byte[] block = new byte[1024 * 1024];
            for (long written = 0; written < FILE_BYTES; written += block.length) {
                random.nextBytes(block);
                out.write(block, 0, (int) Math.min(block.length, FILE_BYTES - written));
            }
        }
        try (PDDocument document = new PDDocument(); var in = Files.newInputStream(payload)) {
            document.addPage(new PDPage());
            PDEmbeddedFile embedded = new PDEmbeddedFile(document, in);
            PDComplexFileSpecification spec = new PDComplexFileSpecification();
            spec.setFile("payload.bin");
            spec.setEmbeddedFile(embedded);
            PDEmbeddedFilesNameTreeNode tree = new PDEmbeddedFilesNameTreeNode();
            tree.setNames(java.util.Map.of("payload.bin", spec));
            PDDocumentNameDictionary names = new PDDocumentNameDictionary(document.getDocumentCatalog());
            names.setEmbeddedFiles(tree);
            document.getDocumentCatalog().setNames(names);
            document.save(file.toFile());
        }
        Files.delete(payload);
        return file;
    }
}
