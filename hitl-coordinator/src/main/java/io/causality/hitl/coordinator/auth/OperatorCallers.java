package io.causality.hitl.coordinator.auth;

import io.causality.hitl.coordinator.config.CallerConfig;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.PolicyAuthority;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The startup check of operator callers: operators are people, so each caller with the operator
 * role names its {@code operatorId}, and that operator has keys among the policy's authorities;
 * only operator callers name requester identities and organizations.
 */
public final class OperatorCallers {

  private OperatorCallers() {}

  /**
   * @throws StartupCheckException naming the first caller and the policy file when it fails
   */
  public static void check(List<CallerConfig> callers, DeploymentPolicy policy, Path policyFile) {
    Set<String> operators = new TreeSet<>();
    policy.authorities().stream().map(PolicyAuthority::operatorId).forEach(operators::add);
    for (int i = 0; i < callers.size(); i++) {
      CallerConfig caller = callers.get(i);
      String prefix = "callers[" + i + "] (" + caller.id() + "): ";
      if (!caller.roles().contains(Roles.OPERATOR)) {
        if (!caller.requesters().isEmpty() || !caller.organizations().isEmpty()) {
          throw new StartupCheckException(
              prefix
                  + "requesters and organizations describe an operator; this caller has no"
                  + " operator role");
        }
        continue;
      }
      if (caller.operatorId() == null || caller.operatorId().isBlank()) {
        throw new StartupCheckException(
            prefix
                + "an operator caller names its operatorId, one of "
                + known(operators, policyFile));
      }
      if (!operators.contains(caller.operatorId())) {
        throw new StartupCheckException(
            prefix
                + "operatorId "
                + caller.operatorId()
                + " is not one of "
                + known(operators, policyFile));
      }
    }
  }

  private static String known(Set<String> operators, Path policyFile) {
    return "the operators " + operators + " of policy file " + policyFile;
  }
}
