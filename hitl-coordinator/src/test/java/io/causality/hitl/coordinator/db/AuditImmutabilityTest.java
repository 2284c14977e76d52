package io.causality.hitl.coordinator.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.junit.jupiter.api.Test;

/**
 * Audit rows are immutable: no DAO statement updates or deletes one. The one exception fills the
 * empty chain columns of an event written before the chain existed, never its content. The classes
 * in plain JDBC ({@link AuditAppend}, {@link RedemptionTransaction}) are read too: their SQL is in
 * their string constants.
 */
class AuditImmutabilityTest {

  private static final List<Class<?>> DAOS =
      List.of(
          OverrideRequestDao.class,
          IssuedTokenDao.class,
          AuditEventDao.class,
          AuditChainStatements.class);

  private static final List<Class<?>> PLAIN_JDBC =
      List.of(AuditAppend.class, RedemptionTransaction.class);

  private static final String LINK_UNCHAINED =
      "update audit_events set chain_seq = :sequence, previous_hash = :previoushash,"
          + " event_hash = :hash where id = :id and chain_seq is null";

  @Test
  void noStatementUpdatesOrDeletesAuditEvents() {
    List<String> statements =
        Stream.concat(DAOS.stream().flatMap(AuditImmutabilityTest::sql), plainJdbcSql())
            .map(AuditImmutabilityTest::normalized)
            .filter(s -> !s.equals(LINK_UNCHAINED))
            .toList();

    assertThat(statements)
        .isNotEmpty()
        .noneMatch(
            s ->
                s.contains("update audit_events")
                    || s.contains("delete from audit_events")
                    || s.contains("merge into audit_events")
                    || s.contains("truncate"));
    assertThat(statements).anyMatch(s -> s.startsWith("insert into audit_events"));
  }

  /**
   * A statement of its own that inserts into audit_events (in a transition's DAO, or the
   * redemption's transaction, say) would skip the chain: only AuditAppend writes an event.
   */
  @Test
  void onlyTheChainInsertsAuditEvents() {
    Stream<String> others =
        Stream.concat(
            DAOS.stream().flatMap(AuditImmutabilityTest::sql),
            sqlConstants(RedemptionTransaction.class));
    assertThat(others.map(AuditImmutabilityTest::normalized))
        .noneMatch(s -> s.contains("into audit_events"));
    assertThat(sqlConstants(AuditAppend.class).map(AuditImmutabilityTest::normalized))
        .anyMatch(s -> s.startsWith("insert into audit_events"));
  }

  @Test
  void theAuditDaoOnlyInserts() {
    assertThat(
            Arrays.stream(AuditEventDao.class.getMethods())
                .filter(m -> m.isAnnotationPresent(SqlUpdate.class)))
        .allMatch(m -> m.getAnnotation(SqlUpdate.class).value().strip().startsWith("INSERT"));
  }

  private static Stream<String> sql(Class<?> dao) {
    return Arrays.stream(dao.getMethods()).flatMap(AuditImmutabilityTest::sql);
  }

  private static Stream<String> sql(Method method) {
    SqlUpdate update = method.getAnnotation(SqlUpdate.class);
    SqlBatch batch = method.getAnnotation(SqlBatch.class);
    return Stream.of(update == null ? null : update.value(), batch == null ? null : batch.value())
        .filter(s -> s != null);
  }

  private static Stream<String> plainJdbcSql() {
    return PLAIN_JDBC.stream().flatMap(AuditImmutabilityTest::sqlConstants);
  }

  /** The static final String fields of a plain-JDBC class: its statements. */
  private static Stream<String> sqlConstants(Class<?> type) {
    return Arrays.stream(type.getDeclaredFields())
        .filter(f -> f.getType() == String.class && Modifier.isStatic(f.getModifiers()))
        .map(AuditImmutabilityTest::value);
  }

  private static String value(Field field) {
    try {
      field.setAccessible(true);
      return (String) field.get(null);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String normalized(String sql) {
    return sql.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").strip();
  }
}
