package io.causality.hitl.protocol.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What counts as printable, and how the rest is shown: the same rule in both of its forms. */
class PrintableTextTest {
  private static final Pattern BEAN_VALIDATION = Pattern.compile(PrintableText.PATTERN);

  @Test
  void ordinaryTextOfAnyScriptIsPrintable() {
    for (String text : new String[] {"actor-7", "Zoë Ørsted", "運用者 1", "emoji \uD83D\uDE80", ""}) {
      assertThat(PrintableText.isPrintable(text)).as(text).isTrue();
      assertThat(BEAN_VALIDATION.matcher(text).matches()).as(text).isTrue();
      assertThat(PrintableText.escape(text)).isEqualTo(text);
    }
  }

  @Test
  void controlFormatSeparatorAndLoneSurrogateCharactersAreNot() {
    String[] hostile = {
      "a\u001b[2Jb", // ANSI clear screen
      "id\nOverride Applied", // a forged log line
      "tab\there",
      "del\u007f",
      "c1\u009b31m", // 8-bit CSI
      "rtl\u202eevil", // bidirectional override
      "zero\u200bwidth",
      "line\u2028sep",
      "lone\uD800"
    };
    for (String text : hostile) {
      assertThat(PrintableText.isPrintable(text)).as(text).isFalse();
      assertThat(BEAN_VALIDATION.matcher(text).matches()).as(text).isFalse();
      assertThat(PrintableText.isPrintable(PrintableText.escape(text))).as(text).isTrue();
    }
  }

  @Test
  void escapesNameTheCharacterAndCannotBeFaked() {
    assertThat(PrintableText.escape("a\u001b[2Jb")).isEqualTo("a\\u001b[2Jb");
    assertThat(PrintableText.escape("x\ny")).isEqualTo("x\\u000ay");
    // a sender who types the escape itself is shown with a doubled backslash
    assertThat(PrintableText.escape("a\\u001b")).isEqualTo("a\\\\u001b");
    assertThat(PrintableText.escape(null)).isNull();
  }
}
