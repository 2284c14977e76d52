package io.causality.sim.events;

import java.io.IOException;

/** The connection of one stream's client, written by the stream's thread only. */
interface StreamClient {
  /** A comment line: not an event; the first one sends the response headers. */
  void comment(String text) throws IOException;

  /** One event; an {@link IOException} when the client went away. */
  void send(String name, String id, String data) throws IOException;

  void close();
}
