package org.cloudprofiler.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A suite that needs a Docker engine: without one it is skipped, never passed, and the build
 * output says which suite and why, and which test covers its path without Docker
 * ({@link DockerEngineCondition}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(DockerEngineCondition.class)
public @interface RequiresDockerEngine {

    /** The tests that run the suite's path without Docker, named in the skip message. */
    String coveredWithoutDockerBy();
}
