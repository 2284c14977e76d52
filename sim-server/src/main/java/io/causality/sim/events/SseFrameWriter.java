package io.causality.sim.events;

import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.sse.OutboundSseEvent;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;

/**
 * Writes the SSE frames of the event streams. It replaces Jersey's own writer for two reasons: an
 * empty heartbeat must still have its {@code data:} line (the spec's "empty data"; without the line
 * a browser's EventSource never dispatches the event), and the streams send many events encoded
 * once ({@link SseFrames}) in one write. The streams send nothing else: comments and frames ({@link
 * SseClient}).
 */
@Provider
@Produces(MediaType.SERVER_SENT_EVENTS)
public final class SseFrameWriter implements MessageBodyWriter<OutboundSseEvent> {
  private static final byte[] COMMENT = ": ".getBytes(StandardCharsets.US_ASCII);
  private static final int EOL = '\n';

  @Override
  public boolean isWriteable(
      Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
    return OutboundSseEvent.class.isAssignableFrom(type)
        && MediaType.SERVER_SENT_EVENTS_TYPE.isCompatible(mediaType);
  }

  @Override
  public void writeTo(
      OutboundSseEvent event,
      Class<?> type,
      Type genericType,
      Annotation[] annotations,
      MediaType mediaType,
      MultivaluedMap<String, Object> headers,
      OutputStream out)
      throws IOException {
    if (event.getComment() != null) {
      for (String line : event.getComment().split("\n", -1)) {
        field(out, COMMENT, line);
      }
    }
    if (event.getData() instanceof SseFrames frames) {
      frames.writeTo(out);
    }
  }

  /** One field line; a value never holds a line break (names and ids are ours). */
  private static void field(OutputStream out, byte[] lead, String value) throws IOException {
    out.write(lead);
    out.write(value.replace("\r", "").replace("\n", "").getBytes(StandardCharsets.UTF_8));
    out.write(EOL);
  }
}
