package io.causality.common.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.errors.ErrorCodes;
import io.causality.common.errors.PayloadTooLargeException;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Refuses request bodies over the configured size before anything parses them: a declared {@code
 * Content-Length} over the limit is answered 413 at once, without reading the body; a body of
 * unknown length (chunked) is counted while it is read, and reading past the limit throws {@link
 * PayloadTooLargeException}, which the exception mappers answer 413. Either way the connection is
 * closed after the answer, as the rest of the body was never read.
 */
public final class RequestBodyLimit implements Filter {
  private final long limit;
  private final ObjectMapper mapper;

  public RequestBodyLimit(long limitBytes, ObjectMapper mapper) {
    if (limitBytes < 1) {
      throw new IllegalArgumentException("the request body limit must be positive");
    }
    this.limit = limitBytes;
    this.mapper = mapper;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest http = (HttpServletRequest) request;
    if (http.getContentLengthLong() > limit) {
      refuse(http, (HttpServletResponse) response);
      return;
    }
    chain.doFilter(new Limited(http, limit), response);
  }

  private void refuse(HttpServletRequest request, HttpServletResponse response) throws IOException {
    response.setHeader("Connection", "close");
    FilterErrors.answer(
        request,
        response,
        mapper,
        413,
        ErrorCodes.PAYLOAD_TOO_LARGE,
        PayloadTooLargeException.message(limit));
  }

  /** The request with its body stream counted against the limit. */
  private static final class Limited extends HttpServletRequestWrapper {
    private final long limit;
    private ServletInputStream counted;

    Limited(HttpServletRequest request, long limit) {
      super(request);
      this.limit = limit;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
      if (counted == null) {
        counted = new CountingInputStream(super.getInputStream(), limit);
      }
      return counted;
    }
  }

  /** Passes bytes through until more than {@code limit} have been read. */
  static final class CountingInputStream extends ServletInputStream {
    private final ServletInputStream in;
    private final long limit;
    private long count;

    CountingInputStream(ServletInputStream in, long limit) {
      this.in = in;
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b != -1) {
        counted(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int read = in.read(buffer, offset, length);
      if (read > 0) {
        counted(read);
      }
      return read;
    }

    private void counted(int bytes) {
      count += bytes;
      if (count > limit) {
        throw new PayloadTooLargeException(limit);
      }
    }

    @Override
    public boolean isFinished() {
      return in.isFinished();
    }

    @Override
    public boolean isReady() {
      return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
      in.setReadListener(listener);
    }
  }
}
