package io.causality.sim.idempotency;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Passes every byte on to the client as it is written and keeps a copy up to a bound, so that a
 * streamed response is neither delayed nor buffered whole.
 */
final class BoundedCopyOutputStream extends FilterOutputStream {
  private final int maxBytes;
  private ByteArrayOutputStream copy = new ByteArrayOutputStream();

  BoundedCopyOutputStream(OutputStream out, int maxBytes) {
    super(out);
    this.maxBytes = maxBytes;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
    keep(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    keep(b, off, len);
  }

  /** True once more than the bound was written: the copy is dropped. */
  boolean overflowed() {
    return copy == null;
  }

  byte[] copy() {
    return copy.toByteArray();
  }

  private void keep(byte[] b, int off, int len) {
    if (copy == null) {
      return;
    }
    if (copy.size() + len > maxBytes) {
      copy = null;
      return;
    }
    copy.write(b, off, len);
  }
}
