package org.docex.documents.control;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.core.sync.ResponseTransformer;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * An S3 bucket through the AWS SDK: AWS S3 itself, or any store that speaks its API (MinIO, Ceph,
 * Garage) at {@code DOCEX_S3_ENDPOINT}, path-style where {@code DOCEX_S3_PATH_STYLE}. Checksums are
 * sent and checked only where the operation requires them: several S3-compatible stores refuse the
 * SDK's newer default (trailing checksums on every upload).
 */
public final class S3Bucket implements Bucket {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final S3Client client;
    private final String bucket;
    private final String describedAs;

    public S3Bucket(Optional<String> endpoint, String bucket, String region, String accessKey, String secretKey, boolean pathStyle) {
        var builder = S3Client.builder()
                .httpClient(UrlConnectionHttpClient.builder().connectionTimeout(TIMEOUT).socketTimeout(TIMEOUT).build())
                .region(Region.of(region))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
                .forcePathStyle(pathStyle)
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        endpoint.ifPresent(url -> builder.endpointOverride(URI.create(url)));
        this.client = builder.build();
        this.bucket = bucket;
        this.describedAs = "bucket " + bucket + endpoint.map(url -> " at " + url).orElse(" in " + region);
    }

    @Override
    public void put(String key, Path file) {
        call(() -> client.putObject(request -> request.bucket(bucket).key(key), RequestBody.fromFile(file)));
    }

    @Override
    public void put(String key, byte[] bytes) {
        call(() -> client.putObject(request -> request.bucket(bucket).key(key), RequestBody.fromBytes(bytes)));
    }

    @Override
    public boolean copyTo(String key, Path target) {
        return call(() -> {
            try (ResponseInputStream<GetObjectResponse> object = client.getObject(request -> request.bucket(bucket).key(key))) {
                Path part = Files.createTempFile(target.getParent(), "download-", ".part");
                try {
                    Files.copy(object, part, StandardCopyOption.REPLACE_EXISTING);
                    FileStore.moveReplacing(part, target);
                } finally {
                    Files.deleteIfExists(part);
                }
                return true;
            } catch (NoSuchKeyException missing) {
                return false;
            }
        });
    }

    @Override
    public Optional<byte[]> get(String key) {
        return call(() -> {
            try {
                return Optional.of(client.getObject(request -> request.bucket(bucket).key(key), ResponseTransformer.toBytes()).asByteArray());
            } catch (NoSuchKeyException missing) {
                return Optional.empty();
            }
        });
    }

    /**
     * One DeleteObject per key, also for {@link #deleteAll}: the batch operation (DeleteObjects) must carry
     * a checksum of its body, which the SDK sends as {@code x-amz-checksum-crc32} and several S3-compatible
     * stores refuse (S3Proxy: "Unknown header"); a document has a few objects, and a page image per page and
     * resolution used.
     */
    @Override
    public void delete(String key) {
        call(() -> client.deleteObject(request -> request.bucket(bucket).key(key)));
    }

    @Override
    public void list(String prefix, Predicate<List<StoredObject>> eachPage) {
        call(() -> {
            for (ListObjectsV2Response page : client.listObjectsV2Paginator(request -> request.bucket(bucket).prefix(prefix).maxKeys(PAGE))) {
                if (!eachPage.test(page.contents().stream().map(object -> new StoredObject(object.key(), object.lastModified())).toList())) {
                    break;
                }
            }
            return null;
        });
    }

    @Override
    public void check() {
        try {
            client.headBucket(request -> request.bucket(bucket));
        } catch (S3Exception e) {
            throw new IllegalStateException("The " + describedAs + " cannot be used (" + e.statusCode()
                    + (e.statusCode() == 404 ? ": no such bucket" : e.statusCode() == 403 ? ": access refused" : "")
                    + "); refusing to start");
        } catch (SdkException e) {
            throw new IllegalStateException("The " + describedAs + " cannot be reached (" + e.getMessage() + "); refusing to start");
        }
    }

    @FunctionalInterface
    private interface Call<T> {
        T run() throws java.io.IOException;
    }

    /** Any failure to talk to the store, or a refusal on its side, is the store being unavailable: 503. */
    private <T> T call(Call<T> call) {
        try {
            return call.run();
        } catch (SdkException | java.io.IOException | java.io.UncheckedIOException e) {
            throw new StorageUnavailableException(e);
        }
    }
}
