package io.causality.common.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * An HTTP/1.1 exchange over a plain socket, one request per connection. Unlike {@code
 * java.net.http}, it sends whatever it is given: control characters and raw bytes in the target and
 * in header values (each char below 256 is one byte), any method, any header.
 */
public final class RawHttp {
  private static final int TIMEOUT_MS = 30_000;

  private RawHttp() {}

  /** A request: the target is the path and query exactly as they go on the wire. */
  public record Request(
      String method, String target, Map<String, String> headers, byte[] body, boolean chunked) {
    @Override
    public String toString() {
      String shown =
          body == null
              ? "none"
              : body.length
                  + " bytes: "
                  + abbreviate(new String(body, StandardCharsets.ISO_8859_1));
      return method
          + " "
          + abbreviate(target)
          + " "
          + abbreviateHeaders(headers)
          + (chunked ? " chunked" : "")
          + " body "
          + shown;
    }
  }

  /** The answer: status, headers by lower-case name, and the body (de-chunked). */
  public record Answer(int status, Map<String, String> headers, byte[] body) {
    public String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    public String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  public static Answer exchange(int port, Request request) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(TIMEOUT_MS);
      try {
        write(socket.getOutputStream(), request);
      } catch (IOException e) {
        // The server may answer and close before the whole body is sent (a 413, a 400).
      }
      return read(socket.getInputStream(), request.method());
    }
  }

  private static void write(OutputStream out, Request request) throws IOException {
    StringBuilder head =
        new StringBuilder()
            .append(request.method())
            .append(' ')
            .append(request.target())
            .append(" HTTP/1.1\r\n")
            .append(hasHost(request) ? "" : "Host: localhost\r\n")
            .append("Connection: close\r\n");
    request
        .headers()
        .forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
    byte[] body = request.body();
    if (body != null) {
      head.append(
          request.chunked()
              ? "Transfer-Encoding: chunked\r\n"
              : "Content-Length: " + body.length + "\r\n");
    }
    out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
    if (body != null && request.chunked()) {
      if (body.length > 0) {
        out.write((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
      }
      out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    } else if (body != null) {
      out.write(body);
    }
    out.flush();
  }

  /** A request that names its own {@code Host} is sent with that one only. */
  private static boolean hasHost(Request request) {
    return request.headers().keySet().stream().anyMatch("host"::equalsIgnoreCase);
  }

  private static Answer read(InputStream in, String method) throws IOException {
    String head = readHead(in);
    if (head.isEmpty()) {
      throw new IOException("the server closed the connection without an answer");
    }
    String[] lines = head.split("\r\n");
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers.merge(
          lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
          lines[i].substring(colon + 1).trim(),
          (a, b) -> a + ", " + b);
    }
    return new Answer(status, headers, body(in, method, status, headers));
  }

  private static byte[] body(InputStream in, String method, int status, Map<String, String> headers)
      throws IOException {
    String type = headers.getOrDefault("content-type", "");
    if (method.equals("HEAD")
        || status == 204
        || status == 304
        || type.startsWith("text/event-stream")) {
      return new byte[0]; // an open event stream never ends: its head is enough
    }
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      return dechunk(in);
    }
    String length = headers.get("content-length");
    return length != null ? in.readNBytes(Integer.parseInt(length)) : in.readAllBytes();
  }

  private static String readHead(InputStream in) throws IOException {
    StringBuilder head = new StringBuilder();
    int b;
    while ((b = in.read()) != -1) {
      head.append((char) b);
      if (head.length() >= 4 && head.lastIndexOf("\r\n\r\n") == head.length() - 4) {
        return head.substring(0, head.length() - 4);
      }
    }
    return head.toString();
  }

  private static byte[] dechunk(InputStream in) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (true) {
      String sizeLine = line(in);
      int size = Integer.parseInt(sizeLine.split(";")[0].trim(), 16);
      if (size == 0) {
        return body.toByteArray();
      }
      body.write(in.readNBytes(size));
      line(in);
    }
  }

  private static String line(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    int b;
    while ((b = in.read()) != -1 && b != '\n') {
      if (b != '\r') {
        line.append((char) b);
      }
    }
    return line.toString();
  }

  private static String abbreviate(String text) {
    StringBuilder shown = new StringBuilder();
    int i = 0;
    for (; i < text.length() && shown.length() < 300; i++) {
      char c = text.charAt(i);
      shown.append(c < 32 || c > 126 ? String.format("\\x%02x", (int) c) : String.valueOf(c));
    }
    return i < text.length() ? shown + "...(" + text.length() + " chars)" : shown.toString();
  }

  private static String abbreviateHeaders(Map<String, String> headers) {
    Map<String, String> shown = new LinkedHashMap<>();
    headers.forEach((name, value) -> shown.put(name, abbreviate(value)));
    return shown.toString();
  }
}
