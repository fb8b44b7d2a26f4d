// What every JNI file needs: exceptions instead of C++ errors crossing into the JVM, and
// conversions of strings and arrays.
#pragma once

#include <jni.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "profiler_error.h"

namespace cloudprofiler {

inline void throwJava(JNIEnv* env, const char* className, const std::string& message) {
    jclass type = env->FindClass(className);
    if (type != nullptr) {
        env->ThrowNew(type, message.c_str());
    }
}

// Runs `body`; a C++ exception becomes a Java exception instead of crossing into the JVM.
template <typename Result, typename Body>
Result guarded(JNIEnv* env, Result failed, Body&& body) {
    try {
        return body();
    } catch (const ProfilerError& e) {
        switch (e.kind()) {
            case ProfilerError::Kind::kInvalidArgument:
                throwJava(env, "java/lang/IllegalArgumentException", e.what());
                break;
            case ProfilerError::Kind::kIllegalState:
                throwJava(env, "java/lang/IllegalStateException", e.what());
                break;
            case ProfilerError::Kind::kEnvironment:
                throwJava(env, "org/cloudprofiler/CloudProfilerException", e.what());
                break;
        }
    } catch (const std::exception& e) {
        throwJava(env, "org/cloudprofiler/CloudProfilerException",
                  std::string("internal error: ") + e.what());
    }
    return failed;
}

// Callers check for null first (the Java wrappers do): JNI would crash on it.
inline std::string toUtf8(JNIEnv* env, jstring text) {
    if (text == nullptr) {
        return std::string();
    }
    const char* chars = env->GetStringUTFChars(text, nullptr);
    if (chars == nullptr) {
        return std::string();
    }
    std::string result(chars);
    env->ReleaseStringUTFChars(text, chars);
    return result;
}

inline jlongArray toLongArray(JNIEnv* env, std::initializer_list<uint64_t> values) {
    jlongArray array = env->NewLongArray(static_cast<jsize>(values.size()));
    if (array == nullptr) {
        return nullptr;
    }
    jsize index = 0;
    for (uint64_t value : values) {
        jlong element = static_cast<jlong>(value);
        env->SetLongArrayRegion(array, index++, 1, &element);
    }
    return array;
}

inline jlongArray toLongArray(JNIEnv* env, const std::vector<jlong>& values) {
    jlongArray array = env->NewLongArray(static_cast<jsize>(values.size()));
    if (array != nullptr && !values.empty()) {
        env->SetLongArrayRegion(array, 0, static_cast<jsize>(values.size()), values.data());
    }
    return array;
}

inline jobjectArray toStringArray(JNIEnv* env, const std::vector<std::string>& texts) {
    jclass stringClass = env->FindClass("java/lang/String");
    if (stringClass == nullptr) {
        return nullptr;
    }
    jobjectArray array = env->NewObjectArray(static_cast<jsize>(texts.size()), stringClass, nullptr);
    for (size_t i = 0; array != nullptr && i < texts.size(); ++i) {
        jstring text = env->NewStringUTF(texts[i].c_str());
        if (text == nullptr) {
            return nullptr;
        }
        env->SetObjectArrayElement(array, static_cast<jsize>(i), text);
        env->DeleteLocalRef(text);
    }
    return array;
}

template <size_t kCount>
bool registerNatives(JNIEnv* env, const char* className,
                     const JNINativeMethod (&methods)[kCount]) {
    jclass type = env->FindClass(className);
    return type != nullptr &&
           env->RegisterNatives(type, methods, static_cast<jint>(kCount)) == JNI_OK;
}

// A Java record built by native code through its canonical constructor: a record whose
// components change no longer matches `constructorSignature`, and loading the library fails
// instead of filling the wrong component. Bound once in JNI_OnLoad; the class is held for the
// life of the library.
struct JavaRecord {
    jclass type = nullptr;
    jmethodID constructor = nullptr;

    bool bind(JNIEnv* env, const char* className, const char* constructorSignature) {
        jclass local = env->FindClass(className);
        if (local == nullptr) {
            return false;
        }
        type = static_cast<jclass>(env->NewGlobalRef(local));
        env->DeleteLocalRef(local);
        constructor = type == nullptr
                          ? nullptr
                          : env->GetMethodID(type, "<init>", constructorSignature);
        return constructor != nullptr;
    }

    // The arguments in the order and JNI types of the constructor's signature.
    template <typename... Components>
    jobject create(JNIEnv* env, Components... components) const {
        return env->NewObject(type, constructor, components...);
    }
};

// A field that native code reads by name, as `fields` of bindFields() list it.
struct JavaField {
    jfieldID* id;
    const char* name;
    const char* signature;
};

// Looks up the fields of `className` that native code reads: false if one is missing, so that a
// record whose components change fails the library's load instead of being read wrongly.
template <size_t kCount>
bool bindFields(JNIEnv* env, const char* className, const JavaField (&fields)[kCount]) {
    jclass type = env->FindClass(className);
    if (type == nullptr) {
        return false;
    }
    bool found = true;
    for (const JavaField& field : fields) {
        *field.id = found ? env->GetFieldID(type, field.name, field.signature) : nullptr;
        found = *field.id != nullptr;
    }
    env->DeleteLocalRef(type);
    return found;
}

// The constant `name` of the Java enum `className` ("a/b/Outer$Kind"), held for the life of the
// library; null if there is none, so that a renamed constant fails the library's load.
inline jobject bindEnumConstant(JNIEnv* env, const char* className, const char* name) {
    jclass type = env->FindClass(className);
    if (type == nullptr) {
        return nullptr;
    }
    std::string signature = std::string("L") + className + ";";
    jfieldID field = env->GetStaticFieldID(type, name, signature.c_str());
    jobject constant = field == nullptr ? nullptr : env->GetStaticObjectField(type, field);
    jobject global = constant == nullptr ? nullptr : env->NewGlobalRef(constant);
    env->DeleteLocalRef(constant);
    env->DeleteLocalRef(type);
    return global;
}

// A Java array of `type` with one element per item, each made by `create` (a local reference,
// null with a Java exception pending on failure); null if any failed.
template <typename Item, typename Create>
jobjectArray toObjectArray(JNIEnv* env, jclass type, const std::vector<Item>& items,
                           Create&& create) {
    jobjectArray array = env->NewObjectArray(static_cast<jsize>(items.size()), type, nullptr);
    for (size_t i = 0; array != nullptr && i < items.size(); ++i) {
        jobject element = create(items[i]);
        if (element == nullptr) {
            return nullptr;
        }
        env->SetObjectArrayElement(array, static_cast<jsize>(i), element);
        env->DeleteLocalRef(element);
    }
    return array;
}

#define NATIVE(name, signature) {const_cast<char*>(#name), const_cast<char*>(signature), \
                                 reinterpret_cast<void*>(name)}

}  // namespace cloudprofiler
