package io.causality.common.errors;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;

/**
 * The rank of a violation in the 400's issue list: a body issue ranks by the position of its
 * top-level member among the record components of the body (so a client reads the issues in the
 * order the body declares its members); a parameter, or a member of a body that is not a record,
 * ranks after them, and equal ranks fall back to the path. Record components have a defined order
 * ({@link Class#getRecordComponents()}), fields do not, which is why only records rank by it.
 */
final class DeclarationOrder {

  /** The rank of an issue that no record component places. */
  static final int UNRANKED = Integer.MAX_VALUE;

  private DeclarationOrder() {}

  static int rank(ConstraintViolation<?> violation) {
    Class<?> bean = violation.getRootBeanClass();
    List<Class<?>> parameterTypes = List.of();
    for (Path.Node node : violation.getPropertyPath()) {
      ElementKind kind = node.getKind();
      if (kind == ElementKind.METHOD) {
        parameterTypes = node.as(Path.MethodNode.class).getParameterTypes();
      } else if (kind == ElementKind.PARAMETER) {
        int index = node.as(Path.ParameterNode.class).getParameterIndex();
        bean = index < parameterTypes.size() ? parameterTypes.get(index) : null;
      } else if (kind == ElementKind.PROPERTY) {
        return componentIndex(bean, node.getName());
      }
    }
    return UNRANKED;
  }

  private static int componentIndex(Class<?> bean, String name) {
    if (bean == null || !bean.isRecord()) {
      return UNRANKED;
    }
    List<String> names =
        Arrays.stream(bean.getRecordComponents()).map(RecordComponent::getName).toList();
    int index = names.indexOf(name);
    return index < 0 ? UNRANKED : index;
  }
}
