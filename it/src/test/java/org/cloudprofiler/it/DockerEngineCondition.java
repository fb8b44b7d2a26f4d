package org.cloudprofiler.it;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.testcontainers.DockerClientFactory;

/**
 * Disables a {@link RequiresDockerEngine} suite where Testcontainers finds no Docker engine, and
 * prints one line saying so: a skipped suite is reported as skipped (JUnit's count and the
 * reports carry the reason), and the line makes it visible among the build's output, since a
 * skip that nobody sees reads like a pass.
 */
public final class DockerEngineCondition implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        RequiresDockerEngine requirement = context.getTestClass()
                .flatMap(type -> AnnotationSupport.findAnnotation(type,
                        RequiresDockerEngine.class))
                .orElse(null);
        if (requirement == null || context.getTestMethod().isPresent()) {
            return ConditionEvaluationResult.enabled("decided for the suite");
        }
        if (DockerClientFactory.instance().isDockerAvailable()) {
            return ConditionEvaluationResult.enabled("a Docker engine is reachable");
        }
        String reason = "no Docker engine reachable (DOCKER_HOST, /var/run/docker.sock): the"
                + " suite needs one to run docker/compose.yaml; without Docker its path is"
                + " covered by " + requirement.coveredWithoutDockerBy();
        System.out.println("SKIPPED " + context.getRequiredTestClass().getSimpleName() + ": "
                + reason);
        return ConditionEvaluationResult.disabled(reason);
    }
}
