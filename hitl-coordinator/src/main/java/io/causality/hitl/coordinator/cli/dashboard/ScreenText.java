package io.causality.hitl.coordinator.cli.dashboard;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.graphics.TextGraphics;
import io.causality.hitl.protocol.wire.PrintableText;

/**
 * Text onto a Lanterna screen, cut or padded to its width. Every string reaches the screen here,
 * escaped: caller text with a control character would make Lanterna throw (ending the dashboard) or
 * drive the operator's terminal.
 */
final class ScreenText {

  private ScreenText() {}

  static void put(TextGraphics g, int column, int row, String text, int width) {
    g.putString(column, row, fitted(text, width).stripTrailing());
  }

  static void put(TextGraphics g, int column, int row, String text, int width, SGR style) {
    g.putString(column, row, fitted(text, width), style);
  }

  static String padded(String text, int width) {
    return text.length() >= width
        ? text.substring(0, width)
        : text + " ".repeat(width - text.length());
  }

  private static String fitted(String text, int width) {
    return padded(PrintableText.escape(text), Math.max(0, width));
  }

  /** A column of lines that stops at the bottom of the screen. */
  static final class Pane {
    private final TextGraphics g;
    private final int column;
    private final int width;
    private int row;

    Pane(TextGraphics g, int column, int row, int width) {
      this.g = g;
      this.column = column;
      this.row = row;
      this.width = width;
    }

    void line(String text) {
      if (row < g.getSize().getRows() - 4) {
        put(g, column, row++, text, width);
      }
    }
  }
}
