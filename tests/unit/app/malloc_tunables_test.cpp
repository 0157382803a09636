#include "app/malloc_tunables.h"

#include <gtest/gtest.h>

namespace vigil::app {
namespace {

constexpr const char* kAll = "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432"
                             ":glibc.malloc.trim_threshold=268435456";

TEST(MallocTunables, AreAllSetWhenTheUserSetNone)
{
    EXPECT_EQ(withMallocTunables(""), kAll);
}

TEST(MallocTunables, KeepTheUsersOtherTunables)
{
    EXPECT_EQ(withMallocTunables("glibc.malloc.arena_max=2"),
        std::string("glibc.malloc.arena_max=2:") + kAll);
}

TEST(MallocTunables, LeaveTheUsersOwnChoiceAlone)
{
    EXPECT_EQ(withMallocTunables("glibc.malloc.hugetlb=0:glibc.malloc.trim_threshold=0"),
        "glibc.malloc.hugetlb=0:glibc.malloc.trim_threshold=0"
        ":glibc.malloc.mmap_threshold=33554432");
}

TEST(MallocTunables, AreNotMistakenForATunableWithALongerName)
{
    EXPECT_EQ(withMallocTunables("glibc.malloc.hugetlbx=0"),
        std::string("glibc.malloc.hugetlbx=0:") + kAll);
}

} // namespace
} // namespace vigil::app
