package io.causality.sim.events;

import java.io.IOException;
import java.util.List;

/** The connection of one stream's client, written by the stream's thread only. */
interface StreamClient {
  /** A comment line: not an event; the first one sends the response headers. */
  void comment(String text) throws IOException;

  /** Events, in one write; an {@link IOException} when the client went away. */
  void send(List<Frame> frames) throws IOException;

  /**
   * Writes something that is no event (an empty comment line), to learn whether the client is still
   * there: an {@link IOException} when it went away.
   */
  void probe() throws IOException;

  void close();
}
