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
 * once ({@link SseFrames}) in one write. Any other event is written as Jersey would: {@code
 * event:}, {@code id:}, {@code retry:}, then its data's text on {@code data:} lines.
 */
@Provider
@Produces(MediaType.SERVER_SENT_EVENTS)
public final class SseFrameWriter implements MessageBodyWriter<OutboundSseEvent> {
  private static final byte[] COMMENT = ": ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] EVENT = "event: ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ID = "id: ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] RETRY = "retry: ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] DATA = "data:".getBytes(StandardCharsets.US_ASCII);
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
    } else if (event.getData() != null) {
      writeEvent(event, out);
    }
  }

  private static void writeEvent(OutboundSseEvent event, OutputStream out) throws IOException {
    if (event.getName() != null) {
      field(out, EVENT, event.getName());
    }
    if (event.getId() != null) {
      field(out, ID, event.getId());
    }
    if (event.getReconnectDelay() >= 0) {
      field(out, RETRY, Long.toString(event.getReconnectDelay()));
    }
    for (String line : event.getData().toString().split("\n", -1)) {
      out.write(DATA);
      if (!line.isEmpty()) {
        out.write(' ');
        out.write(line.getBytes(StandardCharsets.UTF_8));
      }
      out.write(EOL);
    }
    out.write(EOL);
  }

  /** One field line; a value never holds a line break (names and ids are ours). */
  private static void field(OutputStream out, byte[] lead, String value) throws IOException {
    out.write(lead);
    out.write(value.replace("\r", "").replace("\n", "").getBytes(StandardCharsets.UTF_8));
    out.write(EOL);
  }
}
