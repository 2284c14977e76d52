package io.causality.sim.events;

import java.io.IOException;
import java.util.List;

/** The connection of one stream's client, written by the stream's thread only. */
interface StreamClient {
  /** A comment line: not an event; the first one sends the response headers. */
  void comment(String text) throws IOException;

  /** Events, in one write; an {@link IOException} when the client went away. */
  void send(List<Frame> frames) throws IOException;

  void close();
}
