package io.causality.hitl.protocol.wire;

/**
 * Ids and labels that people read: in the operators' terminals (the hitl CLI and dashboard) and in
 * log lines. Such text holds printable characters only, so that a caller cannot send escape
 * sequences that rewrite an operator's screen, or a newline that forges a log line.
 *
 * <p>Refused: control characters (C0, DEL, C1), format characters (among them the bidirectional
 * overrides that reorder what is shown, and zero-width characters), line and paragraph separators,
 * and unpaired surrogates. Everything else of Unicode, spaces included, is allowed.
 */
public final class PrintableText {

  /** A Bean Validation {@code @Pattern} that matches printable text only. */
  public static final String PATTERN = "[^\\p{Cc}\\p{Cf}\\p{Cs}\\p{Zl}\\p{Zp}]*";

  /** The issue message of text that is not printable. */
  public static final String NOT_PRINTABLE =
      "must hold printable characters only (no control, format or line separator characters)";

  private PrintableText() {}

  /** Whether every character of {@code text} is printable; null counts as printable. */
  public static boolean isPrintable(String text) {
    return text == null || text.codePoints().allMatch(PrintableText::isPrintable);
  }

  /**
   * {@code text} with each character that is not printable written as a {@code \}{@code uXXXX}
   * escape (a backslash too, so that an escape cannot be faked): safe in a terminal or a log line,
   * and still tells the reader what was sent. Null stays null.
   */
  public static String escape(String text) {
    if (text == null || (isPrintable(text) && text.indexOf('\\') < 0)) {
      return text;
    }
    StringBuilder escaped = new StringBuilder(text.length() + 16);
    text.codePoints()
        .forEach(
            c -> {
              if (c == '\\') {
                escaped.append("\\\\");
              } else if (isPrintable(c)) {
                escaped.appendCodePoint(c);
              } else {
                escaped.append(String.format("\\u%04x", c));
              }
            });
    return escaped.toString();
  }

  private static boolean isPrintable(int codePoint) {
    return switch (Character.getType(codePoint)) {
      case Character.CONTROL,
          Character.FORMAT,
          Character.SURROGATE,
          Character.LINE_SEPARATOR,
          Character.PARAGRAPH_SEPARATOR ->
          false;
      default -> true;
    };
  }
}
