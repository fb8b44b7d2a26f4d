package org.cloudprofiler.generator;

/**
 * The options of one run in the units the native generator takes, handed to it whole: the JNI
 * layer ({@code generator_jni.cpp}) reads each component by name into the C++
 * {@code GeneratorOptions}, which validates them. Built by {@link Generator.Builder}.
 */
record GeneratorOptions(
        String[] endpoints,
        int senderThreads,
        double tuplesPerSecond,
        long tupleCount,
        long durationNs,
        int bucketTuples,
        int payloadClass,
        int rawPayloadBytes,
        long seed,
        long idBase,
        int sendHighWaterMark,
        int connectTimeoutMs,
        int markerTimeoutMs,
        int ioThreads,
        long spinWindowNs,
        long maxBucketSpanNs) {}
