package io.causality.common.testing;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Everything written to standard output and error while open, still passed through. The services
 * log to the console (application log and request log alike), so this sees every log line of an
 * application started while it is open, start-up included.
 */
public final class ConsoleCapture implements AutoCloseable {
  private final PrintStream originalOut = System.out;
  private final PrintStream originalErr = System.err;
  private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

  private ConsoleCapture() {
    System.setOut(new PrintStream(new Tee(originalOut, captured), true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(new Tee(originalErr, captured), true, StandardCharsets.UTF_8));
  }

  public static ConsoleCapture start() {
    return new ConsoleCapture();
  }

  public String text() {
    synchronized (captured) {
      return captured.toString(StandardCharsets.UTF_8);
    }
  }

  @Override
  public void close() {
    System.setOut(originalOut);
    System.setErr(originalErr);
  }

  private static final class Tee extends OutputStream {
    private final PrintStream console;
    private final ByteArrayOutputStream copy;

    Tee(PrintStream console, ByteArrayOutputStream copy) {
      this.console = console;
      this.copy = copy;
    }

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
      console.write(bytes, offset, length);
      synchronized (copy) {
        copy.write(bytes, offset, length);
      }
    }
  }
}
