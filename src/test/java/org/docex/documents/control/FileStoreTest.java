package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileStoreTest {

    private static final byte[] PDF = "%PDF-1.7 test".getBytes();
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G'};

    @TempDir
    Path dataDir;

    private FileStore store() {
        return new FileStore(dataDir);
    }

    @Test
    void storesAnUploadUnderTheDocumentId() throws Exception {
        FileStore store = store();
        UUID id = UUID.randomUUID();
        Path upload = Files.write(store.newTempFile(), PDF);

        Path stored = store.store(id, upload);

        assertEquals(dataDir.resolve("documents").resolve(id + ".pdf"), stored);
        assertEquals(stored, store.pathOf(id));
        assertArrayEquals(PDF, Files.readAllBytes(stored));
        assertFalse(Files.exists(upload));
    }

    @Test
    void makesTempFilesInsideItsTmpDirectory() throws Exception {
        Path temp = store().newTempFile();

        assertEquals(dataDir.resolve("tmp"), temp.getParent());
        assertTrue(Files.exists(temp));
    }

    @Test
    void makesItsFoldersAgainWhenTheyWereRemoved() throws Exception {
        FileStore store = store();
        UUID first = UUID.randomUUID();
        store.store(first, Files.write(store.newTempFile(), PDF));
        Path upload = Files.write(store.newTempFile(), PDF);
        Files.delete(store.pathOf(first));
        Files.delete(dataDir.resolve("documents"));

        Path stored = store.store(UUID.randomUUID(), upload);
        Files.delete(dataDir.resolve("tmp"));

        assertArrayEquals(PDF, Files.readAllBytes(stored));
        assertTrue(Files.isRegularFile(store.newTempFile()), "a temp file in a tmp folder made again");
    }

    @Test
    void aMissingUploadIsNotStored() throws Exception {
        FileStore store = store();
        UUID id = UUID.randomUUID();
        Path upload = store.newTempFile();
        Files.delete(upload);

        assertThrows(NoSuchFileException.class, () -> store.store(id, upload));
        assertFalse(Files.exists(store.pathOf(id)));
    }

    @Test
    void storesOnlyItsOwnTempFiles() throws Exception {
        Path elsewhere = Files.write(dataDir.resolve("outside.pdf"), PDF);

        assertThrows(IllegalArgumentException.class, () -> store().store(UUID.randomUUID(), elsewhere));
    }

    @Test
    void deletesTheFileAndItsRenders() throws Exception {
        FileStore store = store();
        UUID id = storedDocument(store);
        store.cacheRender(id, 1, 110, PNG);

        store.delete(id);

        assertFalse(Files.exists(store.pathOf(id)));
        assertEquals(Optional.empty(), store.cachedRender(id, 1, 110));
    }

    @Test
    void cachesRendersByPageAndDpi() throws Exception {
        FileStore store = store();
        UUID id = storedDocument(store);

        store.cacheRender(id, 2, 150, PNG);
        store.cacheRender(id, 3, 150, PNG);

        assertArrayEquals(PNG, store.cachedRender(id, 2, 150).orElseThrow());
        assertArrayEquals(PNG, store.cachedRender(id, 3, 150).orElseThrow(), "a second render in the document's folder");
        assertEquals(Optional.empty(), store.cachedRender(id, 2, 110));
        assertEquals(Optional.empty(), store.cachedRender(id, 1, 150));
    }

    @Test
    void removesOrphansAndKeepsKnownDocuments() throws Exception {
        FileStore store = store();
        UUID known = storedDocument(store);
        UUID orphan = storedDocument(store);
        store.cacheRender(known, 1, 110, PNG);
        store.cacheRender(orphan, 1, 110, PNG);
        UUID renderedOnly = UUID.randomUUID();
        store.cacheRender(renderedOnly, 1, 110, PNG);
        Path leftoverUpload = Files.write(store.newTempFile(), PDF);
        Path foreign = Files.write(dataDir.resolve("documents").resolve("notes.txt"), PDF);

        int removed = store.removeOrphans(Set.of(known)::contains, java.time.Instant.now().plusSeconds(5));

        // The orphan document (with its renders), the renders without a document, the leftover upload.
        assertEquals(3, removed);
        assertTrue(Files.exists(store.pathOf(known)));
        assertTrue(store.cachedRender(known, 1, 110).isPresent());
        assertFalse(Files.exists(store.pathOf(orphan)));
        assertEquals(Optional.empty(), store.cachedRender(orphan, 1, 110));
        assertEquals(Optional.empty(), store.cachedRender(renderedOnly, 1, 110));
        assertFalse(Files.exists(leftoverUpload));
        assertTrue(Files.exists(foreign));
    }

    @Test
    void leavesRecentFilesAloneForUploadsInFlightOnOtherNodes() throws Exception {
        FileStore store = store();
        UUID unknownButFresh = storedDocument(store);
        Path freshUpload = Files.write(store.newTempFile(), PDF);

        assertEquals(0, store.removeOrphans(id -> false, java.time.Instant.now().minusSeconds(3600)));
        assertTrue(Files.exists(store.pathOf(unknownButFresh)));
        assertTrue(Files.exists(freshUpload));
    }

    @Test
    void removesNothingFromAnEmptyDataDirectory() throws Exception {
        assertEquals(0, store().removeOrphans(id -> false, java.time.Instant.now().plusSeconds(5)));
    }

    private static UUID storedDocument(FileStore store) throws Exception {
        UUID id = UUID.randomUUID();
        store.store(id, Files.write(store.newTempFile(), PDF));
        return id;
    }
}
