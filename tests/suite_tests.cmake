# Script mode (cmake -P), run after a test executable is linked: lists its GoogleTest tests that
# match FILTER and writes CTEST_FILE, one ctest test per GoogleTest suite. A torch-linked test
# process spends ~1.2 s starting (LibTorch registers its operators), so one process per test
# cost minutes of the suite; one per suite keeps a failure's ctest name pointing at its suite
# and its output (--output-on-failure) naming the test.
#   TEST_EXECUTABLE  the GoogleTest executable
#   CTEST_FILE       the file to write (ctest includes it: TEST_INCLUDE_FILES)
#   FILTER           gtest filter of the group ("" for all)
#   SUFFIX           appended to each suite's name: a suite may have tests in several groups
#                    ("Suite" for the default group, "Suite:slow" for the `slow` one)
#   PROPERTIES       the ctest properties, as set_tests_properties takes them after PROPERTIES
#   CHUNK            suites per ctest test (default 1), named "A+B+C": most suites of a
#                    torch-linked executable run for less than their process's start
cmake_minimum_required(VERSION 3.25)

set(list_args --gtest_list_tests)
if(FILTER)
  list(APPEND list_args "--gtest_filter=${FILTER}")
endif()
execute_process(COMMAND "${TEST_EXECUTABLE}" ${list_args}
  OUTPUT_VARIABLE listing RESULT_VARIABLE status TIMEOUT 60)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${TEST_EXECUTABLE} --gtest_list_tests failed (${status}):\n${listing}")
endif()

# The listing: "Suite." lines, then "  Test" lines; parameterised ones end in "  # GetParam() =
# ...", whose text (brackets, semicolons) must not reach CMake's list splitting.
string(REGEX REPLACE "  # [^\n]*" "" listing "${listing}")
string(REPLACE ";" "\\;" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")
set(suites)
foreach(line IN LISTS lines)
  if(line MATCHES "^([^ #][^ ]*)\\.")
    set(suite "${CMAKE_MATCH_1}")
    list(APPEND suites "${suite}")
    set(tests_${suite})
  elseif(line MATCHES "^  ([^ ]+)" AND suite)
    list(APPEND tests_${suite} "${suite}.${CMAKE_MATCH_1}")
  endif()
endforeach()

if(NOT CHUNK)
  set(CHUNK 1)
endif()
set(script "")
set(names)
set(filters)
macro(flush_chunk)
  if(names)
    list(JOIN names "+" name)
    list(JOIN filters ":" filter)
    string(APPEND script
      "add_test([==[${name}${SUFFIX}]==] [==[${TEST_EXECUTABLE}]==] [==[--gtest_filter=${filter}]==])\n"
      "set_tests_properties([==[${name}${SUFFIX}]==] PROPERTIES ${PROPERTIES})\n")
    set(names)
    set(filters)
  endif()
endmacro()
foreach(suite IN LISTS suites)
  if(NOT tests_${suite})
    continue()
  endif()
  if(FILTER)
    # The tests by name: gtest's syntax cannot intersect the group's filter with "Suite.*".
    list(APPEND filters ${tests_${suite}})
  else()
    list(APPEND filters "${suite}.*")
  endif()
  list(APPEND names "${suite}")
  list(LENGTH names count)
  if(count GREATER_EQUAL CHUNK)
    flush_chunk()
  endif()
endforeach()
flush_chunk()
file(WRITE "${CTEST_FILE}" "${script}")
