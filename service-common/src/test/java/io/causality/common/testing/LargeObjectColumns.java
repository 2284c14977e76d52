package io.causality.common.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The CLOB and BLOB columns of a migrated H2 schema. H2 keeps every LOB value a query returns
 * referenced from the reading session for 5 minutes (LOB_TIMEOUT), so a column read on a hot path
 * makes the heap grow with the read rate; the services store bounded values in the row instead.
 */
public final class LargeObjectColumns {
  private LargeObjectColumns() {}

  /** {@code TABLE.COLUMN} of each large-object column of the application's tables. */
  public static List<String> in(DataSource dataSource) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (Connection connection = dataSource.getConnection();
        ResultSet rs =
            connection
                .createStatement()
                .executeQuery(
                    "SELECT TABLE_NAME, COLUMN_NAME FROM INFORMATION_SCHEMA.COLUMNS "
                        + "WHERE TABLE_SCHEMA = 'PUBLIC' AND DATA_TYPE IN "
                        + "('CHARACTER LARGE OBJECT', 'BINARY LARGE OBJECT') "
                        + "AND TABLE_NAME NOT LIKE 'DATABASECHANGELOG%' ORDER BY 1, 2")) {
      while (rs.next()) {
        columns.add(rs.getString(1) + "." + rs.getString(2));
      }
    }
    return columns;
  }
}
