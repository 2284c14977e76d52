package io.causality.sim.core;

import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * CSV as the service streams it (the trace and the event log as {@code text/csv}): a header line of
 * column names, then one line per row written as it comes, RFC 4180 quoting, CRLF line ends, UTF-8.
 * A row names its values by column; a column it leaves out is empty.
 *
 * <p>Text that a spreadsheet would take for a formula ({@code =}, {@code +}, {@code -}, {@code @},
 * a tab or a carriage return first) gets a leading apostrophe: an agent id or attractor name is the
 * caller's text, and a CSV opened in a spreadsheet must not run it (OWASP, "CSV Injection").
 * Numbers are written as the engine formats them, never altered.
 */
final class CsvRows implements Closeable {
  private static final CsvFactory CSV = new CsvFactory();

  private final CsvGenerator gen;

  CsvRows(OutputStream out, List<String> columns) throws IOException {
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true).setLineSeparator("\r\n");
    columns.forEach(schema::addColumn);
    this.gen = CSV.createGenerator(out);
    gen.setSchema(schema.build());
  }

  void start() throws IOException {
    gen.writeStartObject();
  }

  void text(String column, String value) throws IOException {
    if (value != null) {
      gen.writeStringField(column, defused(value));
    }
  }

  /** A number already formatted (the engine's canonical text, or an integer). */
  void number(String column, String value) throws IOException {
    if (value != null) {
      gen.writeFieldName(column);
      gen.writeNumber(value);
    }
  }

  void end() throws IOException {
    gen.writeEndObject();
  }

  static String defused(String text) {
    if (!text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0) {
      return "'" + text;
    }
    return text;
  }

  @Override
  public void close() throws IOException {
    gen.close();
  }
}
