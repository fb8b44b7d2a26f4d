package org.cloudprofiler.generator;

/**
 * Child JVM of GeneratorPackagingTest. {@code load}: loads the native library. {@code
 * run-unbounded <endpoint>}: starts a run without end and returns from main without closing it.
 * Exit code 1 and the error on stderr if that fails.
 */
public final class GeneratorChild {
    public static void main(String[] args) {
        try {
            if (args[0].equals("load")) {
                Generator.ysbAdCampaigns(1);
                System.out.println("loaded");
                return;
            }
            Generator generator = Generator.builder().endpoints(args[1])
                    .tuplesPerSecond(10_000).build();
            generator.start();
            System.out.println("started");
        } catch (Throwable e) {
            System.err.println(e);
            System.exit(1);
        }
    }
}
