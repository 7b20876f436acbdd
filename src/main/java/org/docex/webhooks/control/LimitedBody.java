package org.docex.webhooks.control;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * The first {@code limit} bytes of a receiver's answer, as text; the rest is not read (the stream
 * is cancelled), so a receiver cannot make the server read or keep more than that.
 */
final class LimitedBody implements HttpResponse.BodySubscriber<String> {

    private final byte[] kept;
    private final CompletableFuture<String> result = new CompletableFuture<>();
    private int length;
    private Flow.Subscription subscription;

    LimitedBody(int limit) {
        this.kept = new byte[limit];
    }

    @Override
    public CompletionStage<String> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        for (ByteBuffer buffer : buffers) {
            int take = Math.min(buffer.remaining(), kept.length - length);
            buffer.get(kept, length, take);
            length += take;
        }
        if (length == kept.length) {
            subscription.cancel();
            complete();
        } else {
            subscription.request(1);
        }
    }

    @Override
    public void onError(Throwable error) {
        result.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
        complete();
    }

    private void complete() {
        // A character cut at the limit becomes a replacement character.
        result.complete(new String(kept, 0, length, StandardCharsets.UTF_8));
    }
}
